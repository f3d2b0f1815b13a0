/**
 * Outbound webhooks consumer (docs/events.md "Webhooks"): every event of a tenant is POSTed to that tenant's
 * active endpoints whose subject filters match. Body `{id, subject, data, timestamp, tenant_id}`,
 * headers X-Webhook-Id / X-Webhook-Timestamp / X-Webhook-Signature. 2xx acks; anything else naks
 * (retry with backoff, DLQ after max_deliver). Endpoints that already succeeded for an event are
 * skipped on a retry or replay, so one failing endpoint does not resend to the others. The event is
 * named by the tenant's own number of it (`tenant_seq`) everywhere the tenant sees it — body `id`,
 * X-Webhook-Id, the delivery's `event_seq` — never by the log's `seq` (docs/events.md "Ids a tenant sees").
 */
import type { Db } from '../../db';
import { WEBHOOK_EVENTS, isPlatformSubject } from '../../../contract/events';
import { appendEvents, newEvent } from '../outbox';
import { wireEvent } from '../records';
import { tenantTx } from '../runtime-tx';
import type { ConsumerDef, EventMessage } from '../types';
import { activeEndpoints, type ActiveEndpoint } from './endpoints';
import type { Resolver } from './guarded-lookup';
import { postWebhook, webhookAgents } from './http-post';
import { sign } from './signing';

export const WEBHOOK_CONSUMER = 'webhooks';

interface Outcome { endpoint: ActiveEndpoint; ok: boolean; status: number | null; error: string | null; ms: number }

export interface WebhookOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  /** Name resolution for the connect-time address check (tests inject one). */
  resolver?: Resolver;
}

async function post(ep: ActiveEndpoint, msg: EventMessage, o: WebhookOptions, agents: ReturnType<typeof webhookAgents>): Promise<Outcome> {
  const started = Date.now();
  const body = JSON.stringify(wireEvent(msg));
  const timestamp = String(Math.floor(Date.now() / 1000));
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'seller-console-webhooks/1',
    'x-webhook-id': String(msg.tenantSeq),
    'x-webhook-timestamp': timestamp,
    'x-webhook-signature': sign(ep.secret, timestamp, body),
  };
  const r = await postWebhook(ep.url, body, headers, o, agents);
  const ok = r.status !== null && r.status >= 200 && r.status < 300;
  const error = ok ? null : (r.error ?? `HTTP ${r.status}`);
  return { endpoint: ep, ok, status: r.status, error, ms: error?.startsWith('refused:') ? 0 : Date.now() - started };
}

export function webhookConsumer(db: Db, o: WebhookOptions): ConsumerDef {
  const agents = webhookAgents(o);
  return {
    name: WEBHOOK_CONSUMER,
    filterSubjects: ['>'],
    agentName: 'webhook-dispatcher',
    concurrency: 32,
    async handle(msg) {
      // the platform's own delivery and DLQ events are not sent out: a failing endpoint would
      // otherwise produce a "failed" event that is delivered to it again, without end
      if (isPlatformSubject(msg.subject)) return;
      const endpoints = (await activeEndpoints(db, msg.tenantId)).filter((e) => e.matches(msg.subject));
      if (endpoints.length === 0) return;
      const done = await tenantTx(db, msg.tenantId, (tx) =>
        tx.query<{ endpoint_id: string }>(
          `select endpoint_id from webhook_deliveries where event_seq = $1 and status = 'succeeded' and endpoint_id = any($2::uuid[])`,
          [msg.tenantSeq, endpoints.map((e) => e.id)],
        ),
      );
      const skip = new Set(done.rows.map((r) => r.endpoint_id));
      const todo = endpoints.filter((e) => !skip.has(e.id));
      const outcomes = await Promise.all(todo.map((ep) => post(ep, msg, o, agents)));
      await tenantTx(db, msg.tenantId, async (tx) => {
        for (const r of outcomes) {
          await tx.query(
            `insert into webhook_deliveries (tenant_id, endpoint_id, event_seq, subject, status, http_status, attempts, last_error, duration_ms)
             values ($1, $2, $3, $4, $5, $6, 1, $7, $8)
             on conflict (endpoint_id, event_seq) do update set status = excluded.status, http_status = excluded.http_status,
               attempts = webhook_deliveries.attempts + 1, last_error = coalesce(excluded.last_error, webhook_deliveries.last_error),
               duration_ms = excluded.duration_ms, updated_at = now()`,
            [msg.tenantId, r.endpoint.id, msg.tenantSeq, msg.subject, r.ok ? 'succeeded' : 'failed', r.status, r.error, r.ms],
          );
        }
        // the webhooks page refreshes live on these (contract/events.ts PLATFORM_LIVE_ROUTES)
        const events = outcomes.map((r) =>
          newEvent(r.ok ? WEBHOOK_EVENTS.delivered : WEBHOOK_EVENTS.failed, {
            id: r.endpoint.id,
            endpoint_id: r.endpoint.id,
            event_seq: msg.tenantSeq,
            subject: msg.subject,
            http_status: r.status,
            error: r.error,
          }),
        );
        await appendEvents(tx, msg.tenantId, events, { correlationId: msg.correlationId ?? undefined, causationId: String(msg.tenantSeq) });
      });
      const failed = outcomes.filter((r) => !r.ok);
      if (failed.length > 0) throw new Error(failed.map((f) => `${f.endpoint.url}: ${f.error}`).join('; '));
    },
  };
}
