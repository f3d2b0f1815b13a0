/**
 * Confirming a proposed write (docs/orchestrator.md "Confirmed writes"): only the member who asked,
 * within 10 minutes, once. pending → confirmed is one conditional update committed before the write
 * runs, so a double confirm (two tabs, a retry) runs it once: the second answers the action as it is.
 * The write then calls the API as the confirming member with an idempotency key of the action, and
 * the result or the error is stored on the action.
 */
import type { FastifyInstance } from 'fastify';
import type { PendingAction } from '../../contract/orchestrator';
import type { Db } from '../db';
import type { AuthInfo } from '../api/context';
import { HttpError, notFound } from '../api/errors';
import { apiCaller } from './api-caller';
import { errorText } from './execute';
import { REFUSED_BY_ROLE } from './engine';
import { actionRow, decideAction, finishAction, ownAction } from './store';
import { allowedFor, dangerCountReason, unavailableReason } from './tool-kit';
import { DANGER_BULK_MAX } from '../../contract/orchestrator';
import { toolNamed } from './tools';

export const EXPIRED_MESSAGE = 'This change expired: it can be confirmed within 10 minutes of being proposed. Ask again to get a fresh one.';

export interface ConfirmInput { app: FastifyInstance; db: Db; auth: AuthInfo; authorization: string; correlationId?: string; dangerOn: boolean; id: string }

export async function confirmAction(i: ConfirmInput): Promise<PendingAction> {
  const { auth, db } = i;
  const txOpts = { tenantId: auth.tenantId, userId: auth.userId };
  const claimed = await db.transaction(async (tx) => {
    const a = await ownAction(tx, auth.tenantId, auth.userId, i.id);
    if (!a) throw notFound('Action');
    if (a.status !== 'pending') return { ran: false as const, row: a };
    const won = await decideAction(tx, auth.tenantId, auth.userId, i.id, 'confirmed');
    if (won) return { ran: true as const, row: won };
    // not confirmed: it expired meanwhile (or another request decided it first)
    const expired = await decideAction(tx, auth.tenantId, auth.userId, i.id, 'expired');
    return { ran: false as const, row: expired ?? (await ownAction(tx, auth.tenantId, auth.userId, i.id))! };
  }, txOpts);
  if (!claimed.ran) {
    if (claimed.row.status === 'expired') throw new HttpError(409, 'action_expired', EXPIRED_MESSAGE);
    return actionRow(claimed.row);
  }
  const a = claimed.row;
  const tool = toolNamed(a.tool);
  let out: Parameters<typeof finishAction>[3];
  if (!tool || !tool.writes) out = { error: `There is no tool named "${a.tool}" any more.` };
  else if (!allowedFor(auth.role, tool)) out = { error: REFUSED_BY_ROLE(tool) };
  else if (unavailableReason(tool, i.dangerOn)) out = { error: unavailableReason(tool, i.dangerOn)! };
  else if (Number(a.count) > DANGER_BULK_MAX && !i.dangerOn) out = { error: dangerCountReason(Number(a.count)) };
  else {
    const api = apiCaller(i.app, { authorization: i.authorization, tenantId: auth.tenantId, correlationId: i.correlationId });
    // the action's own idempotency key: a write the API already did for it is answered, not done again
    const keyed = { ...api, post: <T>(path: string, body?: unknown) => api.post<T>(path, body, `orchestrator-action-${a.id}-${path}`) };
    try {
      out = { result: await tool.apply({ api: keyed, now: new Date() }, typeof a.plan === 'string' ? JSON.parse(a.plan) : a.plan) };
    } catch (e) {
      out = { error: errorText(e) };
    }
  }
  return actionRow(await db.transaction((tx) => finishAction(tx, auth.tenantId, a.id, out), txOpts));
}

export async function cancelAction(db: Db, auth: AuthInfo, id: string): Promise<PendingAction> {
  return db.transaction(async (tx) => {
    const a = await ownAction(tx, auth.tenantId, auth.userId, id);
    if (!a) throw notFound('Action');
    const changed = await decideAction(tx, auth.tenantId, auth.userId, id, 'cancelled');
    return actionRow(changed ?? a);
  }, { tenantId: auth.tenantId, userId: auth.userId });
}
