/**
 * Runs one tool call for a member (docs/orchestrator.md "Tools", "Confirmed writes"): refused when the
 * role may not use the tool or the danger switch keeps it off; a read runs at once; a write only
 * plans and stores a PendingAction — whichever engine asked, nothing changes before the member
 * confirms it.
 */
import { ACTION_TTL_MS, DANGER_BULK_MAX, type PendingAction, type ToolCall } from '../../contract/orchestrator';
import type { Role } from '../../contract/roles';
import type { Db } from '../db';
import { ToolError } from './api-caller';
import { REFUSED_BY_ROLE } from './engine';
import { insertAction, type StoredCall } from './store';
import { allowedFor, dangerCountReason, unavailableReason, type ToolContext } from './tool-kit';
import { toolNamed } from './tools';

export interface ExecuteScope {
  db: Db;
  tenantId: string;
  userId: string;
  role: Role;
  dangerOn: boolean;
  conversationId: string | null;
  tool: ToolContext;
  /** Where a tool's unexpected failure is logged (the member reads a plain sentence). */
  log?: { warn(obj: object, msg: string): void };
}

export interface Executed { call: ToolCall; stored: StoredCall }

const done = (c: Omit<ToolCall, 'action'>, action: PendingAction | null = null): Executed => ({ call: { ...c, action }, stored: { ...c, action_id: action?.id ?? null } });

export const errorText = (e: unknown): string => (e instanceof ToolError ? e.message : 'The tool failed unexpectedly; try again.');

export async function executeTool(scope: ExecuteScope, name: string, rawInput: unknown): Promise<Executed> {
  const input = (rawInput && typeof rawInput === 'object' && !Array.isArray(rawInput) ? rawInput : {}) as Record<string, unknown>;
  const base = { tool: name, input, result: null, error: null };
  const tool = toolNamed(name);
  if (!tool) return done({ ...base, status: 'refused', error: `There is no tool named "${name}".` });
  if (!allowedFor(scope.role, tool)) return done({ ...base, status: 'refused', error: REFUSED_BY_ROLE(tool) });
  const off = unavailableReason(tool, scope.dangerOn);
  if (off) return done({ ...base, status: 'refused', error: off });
  const parsed = tool.input.safeParse(input);
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    return done({ ...base, status: 'failed', error: `The input was not valid: ${i ? `${i.path.join('.') || 'input'} ${i.message}` : 'invalid'}.` });
  }
  const args = parsed.data as Record<string, unknown>;
  try {
    if (!tool.writes) return done({ ...base, input: args, status: 'done', result: await tool.run(scope.tool, args) });
    const plan = await tool.plan(scope.tool, args);
    if (plan.count === 0) return done({ ...base, input: args, status: 'done', result: { kind: 'text', text: `Nothing to change: ${plan.summary.charAt(0).toLowerCase()}${plan.summary.slice(1)}.` } });
    if (plan.count > DANGER_BULK_MAX && !scope.dangerOn) return done({ ...base, input: args, status: 'refused', error: dangerCountReason(plan.count) });
    const action = await scope.db.transaction(
      (tx) => insertAction(tx, { tenantId: scope.tenantId, userId: scope.userId, conversationId: scope.conversationId, tool: tool.name, input: args, plan: plan.args, summary: plan.summary, count: plan.count, preview: plan.preview, ttlMs: ACTION_TTL_MS }),
      { tenantId: scope.tenantId, userId: scope.userId },
    );
    return done({ ...base, input: args, status: 'pending_confirmation' }, action);
  } catch (e) {
    if (!(e instanceof ToolError)) scope.log?.warn({ err: e, tool: name }, 'orchestrator: a tool failed');
    return done({ ...base, input: args, status: 'failed', error: errorText(e) });
  }
}
