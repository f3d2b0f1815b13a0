/**
 * The AI orchestrator on the wire (docs/orchestrator.md "API"): its tools, a member's conversations
 * and messages, the tool calls and their results, and the writes waiting for the member's
 * confirmation. Shared by the server (validation, typed answers) and the console.
 */
import { z } from 'zod';
import { pageQuery } from './api';
import { text } from './fields';

/** How long a proposed write may be confirmed (docs/orchestrator.md "Confirmed writes"). */
export const ACTION_TTL_MS = 10 * 60 * 1000;
/** A write touching more objects than this is "danger" (bulk), like discarding or cancelling. */
export const DANGER_BULK_MAX = 50;
/** Rows of a proposed write shown before it is confirmed. */
export const PREVIEW_ROWS = 5;
export const MESSAGE_MAX = 2000;

export const toolInfo = z.object({
  name: z.string(),
  description: z.string(),
  writes: z.boolean(),
  danger: z.boolean(),
  available: z.boolean(),
  unavailable_reason: z.string().nullable(),
  /** JSON Schema of the tool's input, generated from its zod schema. */
  input_schema: z.record(z.string(), z.unknown()),
});
export type ToolInfo = z.infer<typeof toolInfo>;

export const toolTable = z.object({
  kind: z.literal('table'),
  title: z.string(),
  columns: z.array(z.object({ key: z.string(), title: z.string() })),
  /** Display-ready values; a row may carry `_link` (e.g. `/orders?id=ORD-100123`). */
  rows: z.array(z.record(z.string(), z.unknown())),
  total: z.number(),
  link: z.string().nullable(),
});
export const toolCard = z.object({
  kind: z.literal('card'),
  title: z.string(),
  fields: z.array(z.object({ label: z.string(), value: z.string(), link: z.string().nullable() })),
});
export const toolText = z.object({ kind: z.literal('text'), text: z.string() });
export const toolResult = z.discriminatedUnion('kind', [toolTable, toolCard, toolText]);
export type ToolResult = z.infer<typeof toolResult>;
export type ToolTable = z.infer<typeof toolTable>;
export type ToolCard = z.infer<typeof toolCard>;

export const ACTION_STATUSES = ['pending', 'confirmed', 'cancelled', 'expired', 'failed'] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];

export const pendingAction = z.object({
  id: z.string(),
  tool: z.string(),
  summary: z.string(),
  count: z.number(),
  preview: z.array(z.record(z.string(), z.unknown())),
  status: z.enum(ACTION_STATUSES),
  expires_at: z.string(),
  result: toolResult.nullable(),
  error: z.string().nullable(),
});
export type PendingAction = z.infer<typeof pendingAction>;

export const TOOL_CALL_STATUSES = ['done', 'pending_confirmation', 'refused', 'failed'] as const;
export const toolCall = z.object({
  tool: z.string(),
  input: z.record(z.string(), z.unknown()),
  status: z.enum(TOOL_CALL_STATUSES),
  result: toolResult.nullable(),
  action: pendingAction.nullable(),
  error: z.string().nullable(),
});
export type ToolCall = z.infer<typeof toolCall>;

export const conversation = z.object({ id: z.string(), title: z.string(), created_at: z.string(), updated_at: z.string() });
export type Conversation = z.infer<typeof conversation>;

export const message = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  tool_calls: z.array(toolCall),
  created_at: z.string(),
});
export type Message = z.infer<typeof message>;

export const suggestion = z.object({ text: z.string() });

// ---- requests ----------------------------------------------------------------------------------

export const conversationListQuery = pageQuery;
export const conversationCreateBody = z.object({ title: text({ max: 200 }).optional() }).default({});
export const conversationParams = z.object({ id: z.uuid() });
export const messageListQuery = pageQuery.extend({ limit: pageQuery.shape.limit.default(200) });
export const messageBody = z.object({ text: text({ max: MESSAGE_MAX, min: 1 }) });
export const actionParams = z.object({ id: z.uuid() });

// ---- SSE events of POST /api/orchestrator/conversations/:id/messages ---------------------------

export const ORCHESTRATOR_SSE_EVENTS = ['message', 'tool_call', 'token', 'done', 'error'] as const;
export const tokenEvent = z.object({ text: z.string() });
export const streamErrorEvent = z.object({ code: z.string(), message: z.string() });
