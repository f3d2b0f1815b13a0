/**
 * The orchestrator API's shapes as the console reads them: the shared contract's
 * (contract/orchestrator.ts), imported as types only so its zod schemas stay out of the page's chunk.
 */
import type { ToolResult } from '../../contract/orchestrator';

export type { ActionStatus, Conversation, Message, PendingAction, ToolCall, ToolResult, ToolCard as CardResult, ToolTable as TableResult } from '../../contract/orchestrator';
export type TextResult = Extract<ToolResult, { kind: 'text' }>;
export interface Suggestion { text: string }
