/**
 * One declaration per orchestrator tool (docs/orchestrator.md "Tools"): its name, description, zod
 * input (the JSON Schema the tool list and the model see is generated from it), the permission of
 * the API route it calls, whether it writes and whether it is "danger", and its handler. A read runs
 * at once; a write first plans (what will change, how many, a preview) and runs only when the member
 * confirms (docs/orchestrator.md "Confirmed writes").
 */
import { z, type ZodType } from 'zod';
import { admits, type Access } from '../../contract/permissions';
import type { Role } from '../../contract/roles';
import { DANGER_BULK_MAX, type ToolInfo, type ToolResult } from '../../contract/orchestrator';
import type { ApiCaller } from './api-caller';

export interface ToolContext {
  api: ApiCaller;
  now: Date;
}

/** What a write will do, shown to the member before it runs; `args` is what `apply` is given. */
export interface WritePlan {
  summary: string;
  count: number;
  preview: Record<string, unknown>[];
  args: Record<string, unknown>;
}

interface ToolBase<I> {
  name: string;
  description: string;
  input: ZodType<I>;
  /** A key of the permission matrix: the access of the API route the tool calls (tests/unit/orchestrator-tools.test.ts). */
  permission: Access;
  /** The API route whose permission the tool takes, e.g. `GET /orders`. */
  route: string;
}
export interface ReadTool<I> extends ToolBase<I> {
  writes: false;
  danger: false;
  run(ctx: ToolContext, input: I): Promise<ToolResult>;
}
export interface WriteTool<I> extends ToolBase<I> {
  writes: true;
  /** Destructive or bulk: unavailable while the build's orchestrator danger switch is off. */
  danger: boolean;
  plan(ctx: ToolContext, input: I): Promise<WritePlan>;
  apply(ctx: ToolContext, args: Record<string, unknown>): Promise<ToolResult>;
}
export type Tool<I = Record<string, unknown>> = ReadTool<I> | WriteTool<I>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = Tool<any>;

export const defineTool = <I>(t: Tool<I>): Tool<I> => t;

export const DANGER_OFF_REASON =
  'Destructive and bulk actions are switched off in this build (orchestrator danger off); an operator can turn them on with ORCHESTRATOR_DANGER=on.';
export const dangerCountReason = (count: number) =>
  `This would change ${count} objects; more than ${DANGER_BULK_MAX} at once is a bulk action, switched off in this build (orchestrator danger off). Narrow it down, or an operator can set ORCHESTRATOR_DANGER=on.`;

/** Whether a role may use a tool (its route's permission). */
export const allowedFor = (role: Role, t: AnyTool) => admits(role, t.permission);

/** Why a tool the role may use is unavailable right now, or null. */
export const unavailableReason = (t: AnyTool, dangerOn: boolean): string | null => (t.danger && !dangerOn ? DANGER_OFF_REASON : null);

const schemas = new WeakMap<AnyTool, Record<string, unknown>>();
/** The tool's input as JSON Schema, generated once from its zod schema. */
export function inputSchema(t: AnyTool): Record<string, unknown> {
  let s = schemas.get(t);
  if (!s) {
    s = z.toJSONSchema(t.input, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    delete s.$schema;
    schemas.set(t, s);
  }
  return s;
}

export function toolInfo(t: AnyTool, dangerOn: boolean): ToolInfo {
  const reason = unavailableReason(t, dangerOn);
  return { name: t.name, description: t.description, writes: t.writes, danger: t.danger, available: reason === null, unavailable_reason: reason, input_schema: inputSchema(t) };
}
