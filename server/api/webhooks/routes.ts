/**
 * Outbound webhooks API (docs/events.md), admin only: permission manage:integrations (docs/product/routes-and-roles.md
 * "integration manage"; webhooks are an integration). Endpoints with subject filters and a
 * signing secret (shown in full only when created or rotated), and their recent deliveries.
 * Writes are audited with the secret masked.
 */
import {
  deliveriesQuery,
  webhookCreate as createBody,
  webhookParams as idParams,
  webhookUpdate as updateBody,
  type WebhookSubject,
} from '../../../contract/webhooks';
import { EVENT_CATALOGUE, WEBHOOK_SUBJECTS } from '../../../contract/event-catalogue';
import { defineModule, type ApiModule } from '../module';
import type { ConsumerFactory } from '../../events/consumers';
import { webhookConsumer } from '../../events/webhooks/dispatcher';
import { list, one } from '../kit';
import { HttpError, notFound } from '../errors';
import type { Tx } from '../../db';
import { newSecret } from '../../events/webhooks/signing';
import { checkWebhookUrl } from '../../events/webhooks/url-policy';
import { invalidateEndpoints } from '../../events/webhooks/endpoints';
import { withWindowTotal } from '../list-kit/paging';
import { z } from 'zod';
import { listAnswer, oneAnswer } from '../../../contract/api';
import { delivery, webhook, webhookSubject, type Delivery, type Webhook } from '../../../contract/webhooks';


interface EndpointRow {
  id: string; url: string; subjects: string[]; secret: string; active: boolean; description: string;
  created_at: Date | string; updated_at: Date | string; last_delivery_at?: Date | string | null; last_status?: Webhook['last_delivery_status'];
  failing?: number | null;
}

const mask = (s: string) => `${s.slice(0, 6)}…${s.slice(-4)}`;

function mapEndpoint(r: EndpointRow, revealSecret = false): Webhook {
  return {
    id: r.id,
    url: r.url,
    subjects: r.subjects,
    description: r.description,
    active: r.active,
    secret: revealSecret ? r.secret : mask(r.secret),
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
    last_delivery_at: r.last_delivery_at ? new Date(r.last_delivery_at).toISOString() : null,
    last_delivery_status: r.last_status ?? null,
    failing_deliveries: Number(r.failing ?? 0),
  };
}

const webhooks: ApiModule = (api) => {
  const allowPrivate = () => api.app.events.cfg.webhookAllowPrivate;
  const validateUrl = (url: string) => {
    const v = checkWebhookUrl(url, allowPrivate());
    if (!v.ok) throw new HttpError(400, 'validation_failed', `Invalid request body: url: ${v.reason}`, [{ field: 'url', message: v.reason, code: 'invalid_url' }]);
  };
  const get = async (tx: Tx, tenantId: string, id: string) => {
    const { rows } = await tx.query<EndpointRow>('select * from webhook_endpoints where tenant_id = $1 and id = $2', [tenantId, id]);
    if (!rows[0]) throw notFound('Webhook endpoint');
    return rows[0];
  };

  api.route({
    method: 'GET',
    url: '/webhooks',
    access: 'manage:integrations',
    answer: listAnswer(webhook),
    async handler({ tx, auth }) {
      const { rows } = await tx.query<EndpointRow>(
        `select e.*, d.updated_at as last_delivery_at, d.status as last_status,
                (select count(*) from webhook_deliveries f where f.endpoint_id = e.id and f.status = 'failed') as failing
           from webhook_endpoints e
           left join lateral (select updated_at, status from webhook_deliveries x where x.endpoint_id = e.id order by updated_at desc, id desc limit 1) d on true
          where e.tenant_id = $1 order by e.created_at, e.id`,
        [auth.tenantId],
      );
      return list(rows.map((r) => mapEndpoint(r)), rows.length, rows.length, 0);
    },
  });

  // the subjects an endpoint may subscribe to: the event catalogue's, less the platform's own
  const subjects: WebhookSubject[] = WEBHOOK_SUBJECTS.map((s) => ({ subject: s, stream: EVENT_CATALOGUE[s].stream, description: EVENT_CATALOGUE[s].description }));
  api.route({
    method: 'GET',
    url: '/webhooks/subjects',
    access: 'manage:integrations',
    answer: oneAnswer(z.array(webhookSubject)),
    async handler() {
      return one(subjects);
    },
  });

  api.route({
    method: 'POST',
    url: '/webhooks',
    access: 'manage:integrations',
    body: createBody,
    async handler(ctx) {
      validateUrl(ctx.body.url);
      const { rows } = await ctx.tx.query<EndpointRow>(
        `insert into webhook_endpoints (tenant_id, url, subjects, secret, active, description, created_by)
         values ($1, $2, $3, $4, $5, $6, $7) returning *`,
        [ctx.auth.tenantId, ctx.body.url, ctx.body.subjects, newSecret(), ctx.body.active, ctx.body.description, ctx.auth.userId],
      );
      await ctx.audit({ action: 'webhook.create', resource: 'webhook', resourceId: rows[0].id, after: mapEndpoint(rows[0]) });
      ctx.reply.raw.once('finish', () => invalidateEndpoints(ctx.auth.tenantId));
      ctx.status(201);
      return one(mapEndpoint(rows[0], true));
    },
  });

  api.route({
    method: 'GET',
    url: '/webhooks/:id',
    access: 'manage:integrations',
    answer: oneAnswer(webhook),
    params: idParams,
    async handler({ tx, auth, params }) {
      return one(mapEndpoint(await get(tx, auth.tenantId, params.id)));
    },
  });

  api.route({
    method: 'PUT',
    url: '/webhooks/:id',
    lock: { table: 'webhook_endpoints', what: 'Webhook endpoint' },
    access: 'manage:integrations',
    params: idParams,
    body: updateBody,
    async handler(ctx) {
      const before = await get(ctx.tx, ctx.auth.tenantId, ctx.params.id);
      if (ctx.body.url !== undefined) validateUrl(ctx.body.url);
      const { rows } = await ctx.tx.query<EndpointRow>(
        `update webhook_endpoints set url = coalesce($3, url), subjects = coalesce($4, subjects), description = coalesce($5, description),
                active = coalesce($6, active), updated_at = now()
          where tenant_id = $1 and id = $2 returning *`,
        [ctx.auth.tenantId, ctx.params.id, ctx.body.url ?? null, ctx.body.subjects ?? null, ctx.body.description ?? null, ctx.body.active ?? null],
      );
      await ctx.audit({ action: 'webhook.update', resource: 'webhook', resourceId: ctx.params.id, before: mapEndpoint(before), after: mapEndpoint(rows[0]) });
      ctx.reply.raw.once('finish', () => invalidateEndpoints(ctx.auth.tenantId));
      return one(mapEndpoint(rows[0]));
    },
  });

  api.route({
    method: 'DELETE',
    url: '/webhooks/:id',
    lock: { table: 'webhook_endpoints', what: 'Webhook endpoint' },
    access: 'manage:integrations',
    params: idParams,
    async handler(ctx) {
      const before = await get(ctx.tx, ctx.auth.tenantId, ctx.params.id);
      await ctx.tx.query('delete from webhook_endpoints where tenant_id = $1 and id = $2', [ctx.auth.tenantId, ctx.params.id]);
      await ctx.audit({ action: 'webhook.delete', resource: 'webhook', resourceId: ctx.params.id, before: mapEndpoint(before) });
      ctx.reply.raw.once('finish', () => invalidateEndpoints(ctx.auth.tenantId));
      ctx.status(204);
      return undefined;
    },
  });

  api.route({
    method: 'POST',
    url: '/webhooks/:id/rotate-secret',
    lock: { table: 'webhook_endpoints', what: 'Webhook endpoint' },
    access: 'manage:integrations',
    params: idParams,
    async handler(ctx) {
      await get(ctx.tx, ctx.auth.tenantId, ctx.params.id);
      const { rows } = await ctx.tx.query<EndpointRow>(
        'update webhook_endpoints set secret = $3, updated_at = now() where tenant_id = $1 and id = $2 returning *',
        [ctx.auth.tenantId, ctx.params.id, newSecret()],
      );
      await ctx.audit({ action: 'webhook.rotate_secret', resource: 'webhook', resourceId: ctx.params.id, after: { secret: mask(rows[0].secret) } });
      ctx.reply.raw.once('finish', () => invalidateEndpoints(ctx.auth.tenantId));
      return one(mapEndpoint(rows[0], true));
    },
  });

  api.route({
    method: 'GET',
    url: '/webhooks/:id/deliveries',
    access: 'manage:integrations',
    answer: listAnswer(delivery),
    params: idParams,
    query: deliveriesQuery,
    async handler({ tx, auth, params, query }) {
      await get(tx, auth.tenantId, params.id);
      const args: unknown[] = [auth.tenantId, params.id];
      let extra = '';
      if (query.status) {
        args.push(query.status);
        extra = ' and status = $3';
      }
      const page = await tx.query<Omit<Delivery, 'updated_at'> & { created_at: Date | string; updated_at: Date | string; _total?: unknown }>(
        `select id, event_seq, subject, status, http_status, attempts, last_error, duration_ms, created_at, updated_at, count(*) over () as _total
           from webhook_deliveries where tenant_id = $1 and endpoint_id = $2${extra}
          order by updated_at desc, id desc limit ${query.limit} offset ${query.offset}`,
        args,
      );
      const { rows, total } = await withWindowTotal(page.rows, query.offset, async () =>
        Number((await tx.query<{ n: number }>(`select count(*) as n from webhook_deliveries where tenant_id = $1 and endpoint_id = $2${extra}`, args)).rows[0].n),
      );
      const data = rows.map((r): Delivery & { created_at: string } => ({
        ...r,
        id: Number(r.id),
        event_seq: Number(r.event_seq),
        http_status: r.http_status == null ? null : Number(r.http_status),
        attempts: Number(r.attempts),
        duration_ms: r.duration_ms == null ? null : Number(r.duration_ms),
        created_at: new Date(r.created_at).toISOString(),
        updated_at: new Date(r.updated_at).toISOString(),
      }));
      return list(data, total, query.limit, query.offset);
    },
  });
};

/** Outbound deliveries: every event of a tenant to its matching endpoints (server/events/webhooks/dispatcher.ts). */
const deliveries: ConsumerFactory = ({ db, cfg }) => webhookConsumer(db, { timeoutMs: cfg.webhookTimeoutMs, allowPrivate: cfg.webhookAllowPrivate });

export default defineModule({ name: 'webhooks', routes: webhooks, consumers: [deliveries] });
