/**
 * The orchestrator's rows (migration 0052, docs/orchestrator.md "Conversations"): a member's
 * conversations and messages, and the writes waiting for confirmation. Every query names its tenant
 * and its member (row-level security scopes the tenant too); a member never reads another's rows.
 */
import type { Tx } from '../db';
import type { Conversation, Message, PendingAction, ToolCall, ToolResult } from '../../contract/orchestrator';
import { iso } from '../api/wire';

type Stamp = string | Date;
interface ConversationDb { id: string; title: string; created_at: Stamp; updated_at: Stamp }
interface MessageDb { id: string; role: 'user' | 'assistant'; text: string; tool_calls: StoredCall[] | string; created_at: Stamp }
export interface ActionDb {
  id: string; user_id: string; tool: string; input: Record<string, unknown>; plan: Record<string, unknown>; summary: string; count: number;
  preview: Record<string, unknown>[]; status: PendingAction['status']; result: ToolResult | null; error: string | null; expires_at: Stamp;
}
/** A tool call as stored: its action by id (read back with its current status). */
export type StoredCall = Omit<ToolCall, 'action'> & { action_id: string | null };

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

export const NEW_TITLE = 'New conversation';
/** A conversation without a title yet takes its first request's (insertMessage). */
export const conversationRow = (r: ConversationDb): Conversation => ({ id: r.id, title: r.title || NEW_TITLE, created_at: iso(r.created_at), updated_at: iso(r.updated_at) });
export const actionRow = (r: ActionDb): PendingAction => ({
  id: r.id, tool: r.tool, summary: r.summary, count: Number(r.count), preview: json(r.preview),
  // a proposal nobody decided reads as expired once its time is up (confirm then answers 409)
  status: r.status === 'pending' && new Date(r.expires_at).getTime() <= Date.now() ? 'expired' : r.status, expires_at: iso(r.expires_at), result: r.result ? json(r.result) : null, error: r.error,
});

const CONVERSATION = 'id, title, created_at, updated_at';
const ACTION = 'id, user_id, tool, input, plan, summary, count, preview, status, result, error, expires_at';

export async function createConversation(tx: Tx, tenantId: string, userId: string, title: string): Promise<Conversation> {
  const { rows } = await tx.query<ConversationDb>(`insert into orchestrator_conversations (tenant_id, user_id, title) values ($1, $2, $3) returning ${CONVERSATION}`, [tenantId, userId, title]);
  return conversationRow(rows[0]);
}

export async function listConversations(tx: Tx, tenantId: string, userId: string, limit: number, offset: number): Promise<{ rows: Conversation[]; total: number }> {
  const { rows } = await tx.query<ConversationDb & { total: string | number }>(
    `select ${CONVERSATION}, count(*) over () as total from orchestrator_conversations
      where tenant_id = $1 and user_id = $2 order by updated_at desc, id desc limit $3 offset $4`,
    [tenantId, userId, limit, offset],
  );
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && offset > 0) {
    const c = await tx.query<{ n: string | number }>('select count(*) as n from orchestrator_conversations where tenant_id = $1 and user_id = $2', [tenantId, userId]);
    total = Number(c.rows[0].n);
  }
  return { rows: rows.map(conversationRow), total };
}

export async function ownConversation(tx: Tx, tenantId: string, userId: string, id: string): Promise<Conversation | null> {
  const { rows } = await tx.query<ConversationDb>(`select ${CONVERSATION} from orchestrator_conversations where tenant_id = $1 and user_id = $2 and id = $3`, [tenantId, userId, id]);
  return rows[0] ? conversationRow(rows[0]) : null;
}

/**
 * Stores a message (the conversation's `updated_at` moves; its title is the first request when it has
 * none yet). A user message whose idempotency key was stored before answers null: a retried request.
 */
export async function insertMessage(
  tx: Tx, tenantId: string, conversationId: string, role: 'user' | 'assistant', text: string, calls: StoredCall[], o: { key?: string; replyTo?: string } = {},
): Promise<{ id: string; created_at: string } | null> {
  const { rows } = await tx.query<{ id: string; created_at: Stamp }>(
    `insert into orchestrator_messages (tenant_id, conversation_id, role, text, tool_calls, idempotency_key, reply_to) values ($1, $2, $3, $4, $5::jsonb, $6, $7)
     on conflict (tenant_id, conversation_id, idempotency_key) where idempotency_key is not null do nothing returning id, created_at`,
    [tenantId, conversationId, role, text, JSON.stringify(calls), o.key ?? null, o.replyTo ?? null],
  );
  if (!rows[0]) return null;
  await tx.query(
    `update orchestrator_conversations set updated_at = now(), title = case when title = '' and $3 = 'user' then left($4, 80) else title end where tenant_id = $1 and id = $2`,
    [tenantId, conversationId, role, text],
  );
  return { id: rows[0].id, created_at: iso(rows[0].created_at) };
}

/** The stored answer to the request sent with this idempotency key: undefined when no such request, null while it is being answered. */
export async function storedReply(tx: Tx, tenantId: string, conversationId: string, key: string): Promise<Message | null | undefined> {
  const { rows } = await tx.query<{ id: string }>('select id from orchestrator_messages where tenant_id = $1 and conversation_id = $2 and idempotency_key = $3', [tenantId, conversationId, key]);
  if (!rows[0]) return undefined;
  const r = await tx.query<MessageDb>('select id, role, text, tool_calls, created_at from orchestrator_messages where tenant_id = $1 and reply_to = $2', [tenantId, rows[0].id]);
  const m = r.rows[0];
  if (!m) return null;
  const calls = json<StoredCall[]>(m.tool_calls);
  const actions = await actionsByIds(tx, tenantId, calls.map((c) => c.action_id).filter((x): x is string => !!x));
  return { id: m.id, role: m.role, text: m.text, tool_calls: withActions(calls, actions), created_at: iso(m.created_at) };
}

export async function actionsByIds(tx: Tx, tenantId: string, ids: string[]): Promise<Map<string, PendingAction>> {
  if (ids.length === 0) return new Map();
  const { rows } = await tx.query<ActionDb>(`select ${ACTION} from orchestrator_actions where tenant_id = $1 and id = any($2::uuid[])`, [tenantId, ids]);
  return new Map(rows.map((r) => [r.id, actionRow(r)]));
}

export function withActions(calls: StoredCall[], actions: Map<string, PendingAction>): ToolCall[] {
  return calls.map(({ action_id, ...c }) => ({ ...c, action: action_id ? actions.get(action_id) ?? null : null }));
}

export async function listMessages(tx: Tx, tenantId: string, conversationId: string, limit: number, offset: number): Promise<{ rows: Message[]; total: number }> {
  const { rows } = await tx.query<MessageDb & { total: string | number }>(
    `select id, role, text, tool_calls, created_at, count(*) over () as total from orchestrator_messages
      where tenant_id = $1 and conversation_id = $2 order by created_at, id limit $3 offset $4`,
    [tenantId, conversationId, limit, offset],
  );
  const stored = rows.map((r) => ({ ...r, tool_calls: json<StoredCall[]>(r.tool_calls) }));
  const actions = await actionsByIds(tx, tenantId, stored.flatMap((r) => r.tool_calls.map((c) => c.action_id).filter((x): x is string => !!x)));
  return {
    rows: stored.map((r) => ({ id: r.id, role: r.role, text: r.text, tool_calls: withActions(r.tool_calls, actions), created_at: iso(r.created_at) })),
    total: rows.length ? Number(rows[0].total) : 0,
  };
}

export interface NewAction {
  tenantId: string; userId: string; conversationId: string | null; tool: string; input: Record<string, unknown>;
  plan: Record<string, unknown>; summary: string; count: number; preview: Record<string, unknown>[]; ttlMs: number;
}
export async function insertAction(tx: Tx, a: NewAction): Promise<PendingAction> {
  const { rows } = await tx.query<ActionDb>(
    `insert into orchestrator_actions (tenant_id, user_id, conversation_id, tool, input, plan, summary, count, preview, expires_at)
     values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, $9::jsonb, now() + make_interval(secs => $10)) returning ${ACTION}`,
    [a.tenantId, a.userId, a.conversationId, a.tool, JSON.stringify(a.input), JSON.stringify(a.plan), a.summary, a.count, JSON.stringify(a.preview), a.ttlMs / 1000],
  );
  return actionRow(rows[0]);
}

/** The member's own action (another member's is not found). */
export async function ownAction(tx: Tx, tenantId: string, userId: string, id: string): Promise<ActionDb | null> {
  const { rows } = await tx.query<ActionDb>(`select ${ACTION} from orchestrator_actions where tenant_id = $1 and user_id = $2 and id = $3`, [tenantId, userId, id]);
  return rows[0] ?? null;
}

/**
 * pending → `to`, only while pending and (for confirm) not expired: the one conditional write that
 * makes a double confirm run once (docs/orchestrator.md "Confirmed writes"). Null: it was not pending.
 */
export async function decideAction(tx: Tx, tenantId: string, userId: string, id: string, to: 'confirmed' | 'cancelled' | 'expired'): Promise<ActionDb | null> {
  const live = to === 'confirmed' ? ' and expires_at > now()' : to === 'expired' ? ' and expires_at <= now()' : '';
  const { rows } = await tx.query<ActionDb>(
    `update orchestrator_actions set status = $4, decided_at = now() where tenant_id = $1 and user_id = $2 and id = $3 and status = 'pending'${live} returning ${ACTION}`,
    [tenantId, userId, id, to],
  );
  return rows[0] ?? null;
}

export async function finishAction(tx: Tx, tenantId: string, id: string, out: { result: ToolResult } | { error: string }): Promise<ActionDb> {
  const { rows } = await tx.query<ActionDb>(
    `update orchestrator_actions set status = $3, result = $4::jsonb, error = $5 where tenant_id = $1 and id = $2 returning ${ACTION}`,
    [tenantId, id, 'result' in out ? 'confirmed' : 'failed', 'result' in out ? JSON.stringify(out.result) : null, 'error' in out ? out.error : null],
  );
  return rows[0];
}
