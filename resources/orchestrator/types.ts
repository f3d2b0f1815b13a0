/**
 * The orchestrator API's shapes as the console reads them (docs/api-conventions.md envelopes). Local
 * until the shared contract module carries them; then these re-export it.
 */
export interface Conversation { id: string; title: string; created_at: string; updated_at: string }

export type TableResult = {
  kind: 'table';
  title: string;
  columns: { key: string; title: string }[];
  rows: Record<string, unknown>[];
  total: number;
  link: string | null;
};
export type CardResult = { kind: 'card'; title: string; fields: { label: string; value: string; link: string | null }[] };
export type TextResult = { kind: 'text'; text: string };
export type ToolResult = TableResult | CardResult | TextResult;

export type ActionStatus = 'pending' | 'confirmed' | 'cancelled' | 'expired' | 'failed';

export interface PendingAction {
  id: string;
  tool: string;
  summary: string;
  count: number;
  preview: Record<string, unknown>[];
  status: ActionStatus;
  expires_at: string;
  result: ToolResult | null;
  error: string | null;
}

export interface ToolCall {
  tool: string;
  input: Record<string, unknown>;
  status: 'done' | 'pending_confirmation' | 'refused' | 'failed';
  result: ToolResult | null;
  action: PendingAction | null;
  error: string | null;
}

export interface Message {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  tool_calls: ToolCall[];
  created_at: string;
}

export interface Suggestion { text: string }
