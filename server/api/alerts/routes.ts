/**
 * Alerts API (docs/alerts.md "API"): the work queue folded from alert events
 * (server/alerts/fold.ts) — the recent alerts, the queue as a server-side table, and a person's
 * actions (acknowledge, resolve, assign, note) on one alert or on a selection or a filter. Every
 * signed-in member of the tenant works the queue (docs/decisions.md "Everyone works the alert
 * queue"). Each action changes a row once (a conditional update, the row locked for the one-alert
 * forms); audit and `alert_queue.changed` only for alerts that changed.
 */
import { defineModule, type ApiModule } from '../module';
import { list, one } from '../kit';
import { badRequest, HttpError, notFound } from '../errors';
import type { Tx } from '../../db';
import { SIGNED_IN } from '../../../contract/permissions';
import { listAnswer, oneAnswer } from '../../../contract/api';
import { alertsLive } from '../../../contract/modules/alerts';
import {
  ALERT_BULK_MAX, ALERT_RANGES, alertAssignBody, alertSummary, alertBulkAnswer, alertBulkBody, alertListQuery, alertNoteBody, alertParams, alertRow,
  recentAlertsQuery, type AlertAction, type AlertFilter,
} from '../../../contract/alerts';
import { ALERT_QUEUE_CHANGED } from '../../../contract/alerts-events';
import { ALERT_COLUMNS, alertWhere, mapAlert, type AlertDbRow } from './queries';
import { agentHealthRoute } from './agent-health';
import { pendingDeadLetters } from '../../events/dlq-store';

const SORT_SQL: Record<string, string> = {
  last_seen_at: 'last_seen_at',
  created_at: 'created_at',
  count: 'count',
  severity: `array_position(array['critical','high','error','warning','medium','low','info']::text[], severity)`,
};

interface Change { action: AlertAction; note?: string | null; assignee?: string | null }

/**
 * Applies an action to the alerts `ids` that it changes, in one statement; answers the changed rows.
 * Acknowledge, assign: open alerts only; resolve: unresolved ones; note: any alert whose note differs.
 */
async function applyChange(tx: Tx, tenantId: string, ids: string[], c: Change, by: string): Promise<AlertDbRow[]> {
  if (ids.length === 0) return [];
  // $3: who (acknowledge, resolve) or the new value (assign, note)
  const set: Record<AlertAction, { set: string; when: string; arg: string | null }> = {
    acknowledge: { set: 'acknowledged_at = now(), acknowledged_by = $3::text', when: 'resolved_at is null and acknowledged_at is null', arg: by },
    resolve: { set: 'resolved_at = now(), resolved_by = $3::text', when: 'resolved_at is null', arg: by },
    assign: { set: 'assignee = $3::text', when: 'resolved_at is null and assignee is distinct from $3::text', arg: c.assignee ?? null },
    note: { set: 'note = $3::text', when: 'note is distinct from $3::text', arg: c.note ?? null },
  };
  const s = set[c.action];
  const { rows } = await tx.query<AlertDbRow>(
    `update alerts set ${s.set}, updated_at = now()
      where tenant_id = $1 and id = any($2::uuid[]) and ${s.when}
      returning ${ALERT_COLUMNS}`,
    [tenantId, ids, s.arg],
  );
  return rows;
}

/** An assignee must be a member of the tenant (case as stored: emails are lower-cased). */
async function checkMember(tx: Tx, tenantId: string, email: string | null | undefined) {
  if (!email) return;
  const { rows } = await tx.query('select 1 from profiles where tenant_id = $1 and email = $2', [tenantId, email.toLowerCase()]);
  if (rows.length === 0) throw badRequest(`${email} is not a member of this tenant`, [{ field: 'assignee', message: `${email} is not a member of this tenant`, code: 'unknown_member' }]);
}

const alerts: ApiModule = (api) => {
  api.route({
    method: 'GET',
    url: '/alerts/recent',
    access: SIGNED_IN,
    answer: listAnswer(alertRow),
    query: recentAlertsQuery,
    async handler({ tx, auth, query }) {
      const args: unknown[] = [auth.tenantId, query.limit];
      let since = '';
      if (query.range) {
        args.push(ALERT_RANGES[query.range]);
        since = ` and last_seen_at >= now() - make_interval(secs => $${args.length})`;
      }
      if (query.since) {
        args.push(query.since);
        since += ` and last_seen_at >= $${args.length}::timestamptz`;
      }
      const { rows } = await tx.query<AlertDbRow>(
        `select ${ALERT_COLUMNS} from alerts where tenant_id = $1${since} order by last_seen_at desc, id desc limit $2`,
        args,
      );
      return list(rows.map(mapAlert), rows.length, query.limit, 0);
    },
  });

  api.route({
    method: 'GET',
    url: '/alerts',
    access: SIGNED_IN,
    answer: listAnswer(alertRow),
    query: alertListQuery,
    async handler({ tx, auth, query }) {
      const w = alertWhere(auth.tenantId, query, auth.email);
      const dir = query.order === 'asc' ? 'asc' : 'desc';
      // severity reads most urgent first when descending
      const sort = query.sort === 'severity' ? `${SORT_SQL.severity} ${dir === 'desc' ? 'asc' : 'desc'}` : `${SORT_SQL[query.sort]} ${dir}`;
      const { rows } = await tx.query<AlertDbRow & { _total: string }>(
        `select ${ALERT_COLUMNS}, count(*) over () as _total from alerts where ${w.sql}
          order by ${sort}, id ${dir} limit ${query.limit} offset ${query.offset}`,
        w.params,
      );
      let total = rows.length ? Number(rows[0]._total) : 0;
      if (rows.length === 0 && query.offset > 0) total = Number((await tx.query<{ n: string }>(`select count(*) as n from alerts where ${w.sql}`, w.params)).rows[0].n);
      return list(rows.map(mapAlert), total, query.limit, query.offset);
    },
  });

  api.route({
    method: 'GET',
    url: '/alerts/summary',
    access: SIGNED_IN,
    answer: oneAnswer(alertSummary),
    async handler({ tx, auth, reply }) {
      reply.header('cache-control', 'no-store');
      const [a, d] = await Promise.all([
        tx.query<{ open: string; new: string; critical: string; mine: string }>(
          `select count(*) as open, count(*) filter (where acknowledged_at is null) as new,
                  count(*) filter (where severity = 'critical') as critical, count(*) filter (where assignee = $2) as mine
             from alerts where tenant_id = $1 and resolved_at is null`,
          [auth.tenantId, auth.email],
        ),
        pendingDeadLetters(tx, auth.tenantId),
      ]);
      const r = a.rows[0];
      return one({ open: Number(r.open), new: Number(r.new), critical: Number(r.critical), mine: Number(r.mine), dlq_pending: d });
    },
  });

  api.route({
    method: 'GET',
    url: '/alerts/:id',
    access: SIGNED_IN,
    answer: oneAnswer(alertRow),
    params: alertParams,
    async handler({ tx, auth, params }) {
      const { rows } = await tx.query<AlertDbRow>(`select ${ALERT_COLUMNS} from alerts where tenant_id = $1 and id = $2`, [auth.tenantId, params.id]);
      if (!rows[0]) throw notFound('Alert');
      return one(mapAlert(rows[0]));
    },
  });

  /** One alert's action: 404 when it is not there, 409 when its state refuses it, the alert as it is now. */
  const single = <B>(action: AlertAction, body: import('zod').ZodType<B> | undefined, changeOf: (b: B) => Change) =>
    api.route({
      method: 'POST',
      url: `/alerts/:id/${action}`,
      lock: { table: 'alerts', what: 'Alert' },
      access: SIGNED_IN,
      answer: oneAnswer(alertRow),
      params: alertParams,
      ...(body ? { body } : {}),
      async handler(ctx) {
        const { tx, auth, params } = ctx;
        const before = (await tx.query<AlertDbRow>(`select ${ALERT_COLUMNS} from alerts where tenant_id = $1 and id = $2`, [auth.tenantId, params.id])).rows[0];
        if (!before) throw notFound('Alert');
        const change = changeOf(ctx.body as B);
        if ((action === 'acknowledge' || action === 'assign') && before.resolved_at) {
          throw new HttpError(409, 'invalid_transition', `This alert is resolved: it can no longer be ${action === 'acknowledge' ? 'acknowledged' : 'assigned'}`);
        }
        if (action === 'assign') await checkMember(tx, auth.tenantId, change.assignee);
        const [after] = await applyChange(tx, auth.tenantId, [params.id], change, auth.email);
        // already so (acknowledged, resolved, the same assignee or note): nothing changed, nothing recorded
        if (!after) return one(mapAlert(before));
        const was = mapAlert(before);
        const now = mapAlert(after);
        await ctx.audit({
          action: `alert.${action}`,
          resource: 'alert',
          resourceId: params.id,
          before: { status: was.status, assignee: was.assignee, note: was.note },
          after: { status: now.status, assignee: now.assignee, note: now.note },
        });
        await ctx.emit(ALERT_QUEUE_CHANGED, { action, ids: [params.id], by: auth.email });
        return one(now);
      },
    });
  single('acknowledge', undefined, () => ({ action: 'acknowledge' }));
  single('resolve', undefined, () => ({ action: 'resolve' }));
  single('assign', alertAssignBody, (b) => ({ action: 'assign', assignee: b.assignee?.toLowerCase() ?? null }));
  single('note', alertNoteBody, (b) => ({ action: 'note', note: b.note.length ? b.note : null }));

  api.route({
    method: 'POST',
    url: '/alerts/bulk',
    access: SIGNED_IN,
    answer: oneAnswer(alertBulkAnswer),
    body: alertBulkBody,
    async handler(ctx) {
      const { tx, auth, body } = ctx;
      const ids = body.ids ?? (await idsMatching(tx, auth.tenantId, body.filter!, auth.email));
      const change: Change = { action: body.action, note: body.note, assignee: body.assignee?.toLowerCase() ?? null };
      if (body.action === 'assign') await checkMember(tx, auth.tenantId, change.assignee);
      // the rows in one order, locked: two bulks over overlapping alerts wait for each other, never deadlock
      await tx.query('select id from alerts where tenant_id = $1 and id = any($2::uuid[]) order by id for update', [auth.tenantId, ids]);
      const changed = await applyChange(tx, auth.tenantId, ids, change, auth.email);
      const changedIds = changed.map((r) => r.id);
      if (changedIds.length > 0) {
        await ctx.audit({
          action: `alert.${body.action}_bulk`,
          resource: 'alert',
          after: { requested: body.ids ? 'ids' : 'filter', filter: body.filter ?? null, changed: changedIds, note: change.note ?? null, assignee: change.assignee ?? null },
        });
        await ctx.emit(ALERT_QUEUE_CHANGED, { action: body.action, ids: changedIds, by: auth.email });
      }
      return one({ changed: changedIds, skipped: ids.length - changedIds.length });
    },
  });

  agentHealthRoute(api);
};

/** The alerts a bulk "by filter" touches (most ALERT_BULK_MAX, newest first). */
async function idsMatching(tx: Tx, tenantId: string, f: AlertFilter, me: string): Promise<string[]> {
  const w = alertWhere(tenantId, f, me);
  const { rows } = await tx.query<{ id: string }>(`select id::text as id from alerts where ${w.sql} order by last_seen_at desc, id desc limit ${ALERT_BULK_MAX}`, w.params);
  return rows.map((r) => r.id);
}

export default defineModule({ name: 'alerts', routes: alerts, live: alertsLive });
