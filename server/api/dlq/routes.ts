/**
 * DLQ API (docs/events.md "Decisions"; permission ops:dlq): list with filters,
 * detail, replay one / selected / all matching a filter, discard one / many with a reason.
 * Discarded entries are kept and marked; every replay and discard is audited. A replay re-queues
 * the message for its consumer with attempts reset (it is then acked or dead-lettered again).
 */
import { withWindowTotal } from '../list-kit/paging';
import type { FastifyReply } from 'fastify';
import { defineModule, type ApiModule } from '../module';
import { list, one } from '../kit';
import { HttpError, notFound } from '../errors';
import type { Tx } from '../../db';
import { discardEntries, replayEntries } from '../../events/dlq-store';
import { DLQ_EVENTS } from '../../../contract/events';
import {
  DLQ_BULK_MAX,
  dlqBulkBody as bulkBody,
  dlqBulkDiscardBody as bulkDiscardBody,
  dlqDiscardBody as discardBody,
  dlqListQuery as listQuery,
  dlqParams as idParams,
} from '../../../contract/dlq';
import { DLQ_COLUMNS, dlqWhere, mapDlq, type DlqFilter, type DlqRow } from './queries';
import { listAnswer, oneAnswer } from '../../../contract/api';
import { dlqEntry } from '../../../contract/dlq';

const BULK_MAX = DLQ_BULK_MAX;

async function idsOf(tx: Tx, tenantId: string, b: { ids?: number[]; filter?: Omit<DlqFilter, 'status'> }): Promise<number[]> {
  if (b.ids) return b.ids;
  const w = dlqWhere(tenantId, { ...b.filter!, status: 'pending' });
  const { rows } = await tx.query<{ id: number }>(`select id from dlq_entries where ${w.sql} order by id limit ${BULK_MAX}`, w.params);
  return rows.map((r) => Number(r.id));
}

const dlq: ApiModule = (api) => {
  /** Consumers look at the re-queued rows once the command's transaction has committed. */
  const wakeAfterCommit = (reply: FastifyReply, consumers: string[]) => {
    reply.raw.once('finish', () => {
      for (const c of new Set(consumers)) api.app.events.engine.wake(c);
    });
  };

  api.route({
    method: 'GET',
    url: '/dlq',
    access: 'ops:dlq',
    answer: listAnswer(dlqEntry),
    query: listQuery,
    async handler({ tx, auth, query }) {
      const w = dlqWhere(auth.tenantId, query);
      const page = await tx.query<DlqRow>(
        `select ${DLQ_COLUMNS}, count(*) over () as _total from dlq_entries where ${w.sql} order by last_failure_at desc, id desc limit ${query.limit} offset ${query.offset}`,
        w.params,
      );
      const { rows, total } = await withWindowTotal(page.rows, query.offset, async () =>
        Number((await tx.query<{ n: number }>(`select count(*) as n from dlq_entries where ${w.sql}`, w.params)).rows[0].n),
      );
      return list(rows.map(mapDlq), total, query.limit, query.offset);
    },
  });

  api.route({
    method: 'GET',
    url: '/dlq/:id',
    access: 'ops:dlq',
    answer: oneAnswer(dlqEntry),
    params: idParams,
    async handler({ tx, auth, params }) {
      const { rows } = await tx.query<DlqRow>(`select ${DLQ_COLUMNS} from dlq_entries where tenant_id = $1 and id = $2`, [auth.tenantId, params.id]);
      if (!rows[0]) throw notFound('DLQ message');
      return one(mapDlq(rows[0]));
    },
  });

  api.route({
    method: 'POST',
    url: '/dlq/:id/replay',
    lock: { table: 'dlq_entries', what: 'DLQ message' },
    access: 'ops:dlq',
    params: idParams,
    async handler(ctx) {
      const { rows } = await ctx.tx.query<{ status: string }>('select status from dlq_entries where tenant_id = $1 and id = $2', [ctx.auth.tenantId, ctx.params.id]);
      if (!rows[0]) throw notFound('DLQ message');
      const done = await replayEntries(ctx.tx, [ctx.params.id]);
      if (done.length === 0) throw new HttpError(409, 'invalid_transition', `Only pending messages can be replayed (this one is ${rows[0].status})`);
      await ctx.audit({ action: 'dlq_message.replay', resource: 'dlq_message', resourceId: ctx.params.id, before: { status: 'pending' }, after: { status: 'replayed' } });
      await ctx.emit(DLQ_EVENTS.replayed, { id: ctx.params.id, ids: [ctx.params.id] });
      wakeAfterCommit(ctx.reply, done.map((d) => d.consumer));
      return one({ replayed: done.map((d) => Number(d.id)) });
    },
  });

  api.route({
    method: 'POST',
    url: '/dlq/replay',
    access: 'ops:dlq',
    body: bulkBody,
    async handler(ctx) {
      const ids = await idsOf(ctx.tx, ctx.auth.tenantId, ctx.body);
      const done = await replayEntries(ctx.tx, ids);
      // audit and event only for what changed: a bulk whose messages another request took first changed nothing
      if (done.length > 0) {
        await ctx.audit({
          action: 'dlq_message.replay_bulk',
          resource: 'dlq_message',
          after: { requested: ctx.body.ids ? 'ids' : 'filter', filter: ctx.body.filter ?? null, replayed: done.map((d) => Number(d.id)) },
        });
        await ctx.emit(DLQ_EVENTS.replayed, { ids: done.map((d) => Number(d.id)) });
      }
      wakeAfterCommit(ctx.reply, done.map((d) => d.consumer));
      return one({ replayed: done.map((d) => Number(d.id)), skipped: ids.length - done.length });
    },
  });

  api.route({
    method: 'POST',
    url: '/dlq/:id/discard',
    lock: { table: 'dlq_entries', what: 'DLQ message' },
    access: 'ops:dlq',
    params: idParams,
    body: discardBody,
    async handler(ctx) {
      const { rows } = await ctx.tx.query<{ status: string }>('select status from dlq_entries where tenant_id = $1 and id = $2', [ctx.auth.tenantId, ctx.params.id]);
      if (!rows[0]) throw notFound('DLQ message');
      const done = await discardEntries(ctx.tx, [ctx.params.id], ctx.body.reason, ctx.auth.email);
      if (done.length === 0) throw new HttpError(409, 'invalid_transition', `Only pending messages can be discarded (this one is ${rows[0].status})`);
      await ctx.audit({
        action: 'dlq_message.discard',
        resource: 'dlq_message',
        resourceId: ctx.params.id,
        before: { status: 'pending' },
        after: { status: 'discarded', reason: ctx.body.reason },
      });
      await ctx.emit(DLQ_EVENTS.discarded, { id: ctx.params.id, ids: done, reason: ctx.body.reason });
      return one({ discarded: done });
    },
  });

  api.route({
    method: 'POST',
    url: '/dlq/discard',
    access: 'ops:dlq',
    body: bulkDiscardBody,
    async handler(ctx) {
      const ids = await idsOf(ctx.tx, ctx.auth.tenantId, ctx.body);
      const done = await discardEntries(ctx.tx, ids, ctx.body.reason, ctx.auth.email);
      if (done.length > 0) {
        await ctx.audit({
          action: 'dlq_message.discard_bulk',
          resource: 'dlq_message',
          after: { reason: ctx.body.reason, filter: ctx.body.filter ?? null, discarded: done },
        });
        await ctx.emit(DLQ_EVENTS.discarded, { ids: done, reason: ctx.body.reason });
      }
      return one({ discarded: done, skipped: ids.length - done.length });
    },
  });
};

export default defineModule({ name: 'dlq', routes: dlq });
