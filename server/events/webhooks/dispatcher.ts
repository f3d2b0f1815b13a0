/**
 * Outbound webhooks consumer (issue 6 §3): every event of a tenant is POSTed to that tenant's
 * active endpoints whose subject filters match. Body `{id, subject, data, timestamp, tenant_id}`,
 * headers X-Webhook-Id / X-Webhook-Timestamp / X-Webhook-Signature. 2xx acks; anything else naks
 * (retry with backoff, DLQ after max_deliver). Endpoints that already succeeded for an event are
 * skipped on a retry or replay, so one failing endpoint does not resend to the others.
 */
import type { Db } from '../../db';
import { wireEvent } from '../records';
import { tenantTx } from '../runtime-tx';
import type { ConsumerDef, EventMessage } from '../types';
import { activeEndpoints, type ActiveEndpoint } from './endpoints';
import { sign } from './signing';
import { checkResolvedUrl } from './url-policy';

export const WEBHOOK_CONSUMER = 'webhooks';

interface Outcome { endpoint: ActiveEndpoint; ok: boolean; status: number | null; error: string | null; ms: number }

async function post(ep: ActiveEndpoint, msg: EventMessage, timeoutMs: number, allowPrivate: boolean): Promise<Outcome> {
  const started = Date.now();
  const verdict = await checkResolvedUrl(ep.url, allowPrivate);
  if (!verdict.ok) return { endpoint: ep, ok: false, status: null, error: `refused: ${verdict.reason}`, ms: 0 };
  const body = JSON.stringify(wireEvent(msg));
  const timestamp = String(Math.floor(Date.now() / 1000));
  try {
    const res = await fetch(ep.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'seller-console-webhooks/1',
        'x-webhook-id': String(msg.seq),
        'x-webhook-timestamp': timestamp,
        'x-webhook-signature': sign(ep.secret, timestamp, body),
      },
      body,
      redirect: 'manual', // a redirect could point inside the network: not followed
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.arrayBuffer().catch(() => undefined);
    const ok = res.status >= 200 && res.status < 300;
    return { endpoint: ep, ok, status: res.status, error: ok ? null : `HTTP ${res.status}`, ms: Date.now() - started };
  } catch (e) {
    const err = e as Error & { cause?: { code?: string; message?: string } };
    const reason = err.name === 'TimeoutError' ? `timeout after ${timeoutMs} ms` : (err.cause?.code ?? err.cause?.message ?? err.message);
    return { endpoint: ep, ok: false, status: null, error: reason, ms: Date.now() - started };
  }
}

export function webhookConsumer(db: Db, o: { timeoutMs: number; allowPrivate: boolean }): ConsumerDef {
  return {
    name: WEBHOOK_CONSUMER,
    filterSubjects: ['>'],
    agentName: 'webhook-dispatcher',
    concurrency: 32,
    async handle(msg) {
      const endpoints = (await activeEndpoints(db, msg.tenantId)).filter((e) => e.matches(msg.subject));
      if (endpoints.length === 0) return;
      const done = await tenantTx(db, msg.tenantId, (tx) =>
        tx.query<{ endpoint_id: string }>(
          `select endpoint_id from webhook_deliveries where event_seq = $1 and status = 'succeeded' and endpoint_id = any($2::uuid[])`,
          [msg.seq, endpoints.map((e) => e.id)],
        ),
      );
      const skip = new Set(done.rows.map((r) => r.endpoint_id));
      const todo = endpoints.filter((e) => !skip.has(e.id));
      const outcomes = await Promise.all(todo.map((ep) => post(ep, msg, o.timeoutMs, o.allowPrivate)));
      await tenantTx(db, msg.tenantId, async (tx) => {
        for (const r of outcomes) {
          await tx.query(
            `insert into webhook_deliveries (tenant_id, endpoint_id, event_seq, subject, status, http_status, attempts, last_error, duration_ms)
             values ($1, $2, $3, $4, $5, $6, 1, $7, $8)
             on conflict (endpoint_id, event_seq) do update set status = excluded.status, http_status = excluded.http_status,
               attempts = webhook_deliveries.attempts + 1, last_error = coalesce(excluded.last_error, webhook_deliveries.last_error),
               duration_ms = excluded.duration_ms, updated_at = now()`,
            [msg.tenantId, r.endpoint.id, msg.seq, msg.subject, r.ok ? 'succeeded' : 'failed', r.status, r.error, r.ms],
          );
        }
      });
      const failed = outcomes.filter((r) => !r.ok);
      if (failed.length > 0) throw new Error(failed.map((f) => `${f.endpoint.url}: ${f.error}`).join('; '));
    },
  };
}
