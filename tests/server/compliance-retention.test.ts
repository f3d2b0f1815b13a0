/**
 * Retention (docs/governance.md "Compliance"): the settings (defaults, validated per field, audited
 * only when changed, administrators only) and the job that deletes each tenant's dev mailbox
 * messages, idempotency keys, resolved alerts, delivered event-log rows and expired exports older
 * than its number of days — back-dated rows, the other tenant's left alone, and the event log's
 * rule: only rows every reader has passed, never the tenant's newest. PGlite by default,
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT, NORTHWIND_TENANT } from './tokens';
import { fastEventSettings } from './events-support';
import { consumersSettled } from './consumers-settled';
import { enforceTenant } from '../../server/api/compliance/retention';
import { appendEvent } from '../../server/events/outbox';
import { RETENTION_DEFAULTS } from '../../contract/compliance';

let h: Harness;
const ADMIN = 'admin@demo.local';
const AGENT = 'agent@demo.local';
const SELLER = 'seller@demo.local';
const call = (email: string, method: string, path: string, body?: unknown) => callAs(h, email, method, path, body);
const D: string = DEMO_TENANT.id;
const N: string = NORTHWIND_TENANT.id;
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

beforeAll(async () => {
  fastEventSettings();
  h = await startServer();
}, 120_000);
afterAll(async () => h?.close());

const q = <T extends Record<string, unknown>>(tenantId: string, sql: string, params: unknown[] = []) =>
  h.db.transaction(async (tx) => (await tx.query<T>(sql, params)).rows, { tenantId });
const audits = async () => Number((await q<{ n: string }>(D, `select count(*) as n from audit_log where tenant_id = $1 and action = 'retention_settings.update'`, [D]))[0].n);

describe('retention settings', () => {
  it('answers the defaults, refuses bad days per field, saves and audits a change once', async () => {
    const first = await call(AGENT, 'GET', '/api/governance/retention');
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ ...RETENTION_DEFAULTS, updated_at: null });
    expect((await call(SELLER, 'GET', '/api/governance/retention')).status).toBe(403);
    expect((await call(AGENT, 'PUT', '/api/governance/retention', RETENTION_DEFAULTS)).status).toBe(403);

    const bad = await call(ADMIN, 'PUT', '/api/governance/retention', { ...RETENTION_DEFAULTS, mailbox_days: 0, event_log_days: 3, alerts: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(['mailbox_days', 'event_log_days']));
    expect(bad.body.errors.mailbox_days).toMatch(/At least 1 day/);
    expect(bad.body.errors.event_log_days).toMatch(/At least 7 days/);
    const half = await call(ADMIN, 'PUT', '/api/governance/retention', { ...RETENTION_DEFAULTS, idempotency_days: 1.5 });
    expect(half.status).toBe(400);
    expect(half.body.details[0].field).toBe('idempotency_days');

    const before = await audits();
    const next = { ...RETENTION_DEFAULTS, idempotency_days: 5, resolved_alerts_days: 30 };
    const saved = await call(ADMIN, 'PUT', '/api/governance/retention', next);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject(next);
    expect(saved.body.data.updated_at).toEqual(expect.any(String));
    expect(await audits()).toBe(before + 1);
    // the same again: nothing changed, nothing audited
    expect((await call(ADMIN, 'PUT', '/api/governance/retention', next)).status).toBe(200);
    expect(await audits()).toBe(before + 1);
    expect((await call(AGENT, 'GET', '/api/governance/retention')).body.data).toMatchObject(next);
  });
});

describe('the retention job', () => {
  it('deletes what is older than each setting, for that tenant only', async () => {
    // demo keeps idempotency keys 5 days and resolved alerts 30 (above); northwind keeps the defaults
    const k = (tenant: string, days: number) => q(tenant, `insert into idempotency_keys (tenant_id, key, request_hash, state, created_at) values ($1, $2, 'h', 'done', $3)`, [tenant, `ret-${randomUUID()}`, ago(days)]);
    await k(D, 6); await k(D, 4); await k(N, 6);
    const alert = (tenant: string, resolvedDays: number | null) => q(tenant,
      `insert into alerts (tenant_id, type, severity, level, source, key, message, resolved_at) values ($1, 'test', 'low', 'info', 'retention-test', $2, 'Retention test', $3)`,
      [tenant, randomUUID(), resolvedDays === null ? null : ago(resolvedDays)]);
    await alert(D, 31); await alert(D, 29); await alert(D, null); await alert(N, 31);
    const mail = (to: string, days: number) => q(D, `insert into auth.mailbox (to_email, subject, body_text, body_html, created_at) values ($1, 'Retention test', 'x', 'x', $2)`, [to, ago(days)]);
    await mail(ADMIN, 31); await mail(ADMIN, 29); await mail('owner@northwind.local', 31);

    const count = async (tenant: string) => ({
      keys: (await q<{ d: string }>(tenant, `select extract(day from now() - created_at)::int::text as d from idempotency_keys where tenant_id = $1 and key like 'ret-%' order by created_at`, [tenant])).map((r) => Number(r.d)),
      alerts: (await q<{ r: string | null }>(tenant, `select case when resolved_at is null then null else extract(day from now() - resolved_at)::int::text end as r from alerts where tenant_id = $1 and source = 'retention-test' order by resolved_at nulls last`, [tenant])).map((r) => r.r && Number(r.r)),
      mail: (await q<{ to_email: string; d: string }>(tenant, `select to_email, extract(day from now() - created_at)::int::text as d from auth.mailbox where subject = 'Retention test' order by created_at`)).map((r) => `${r.to_email} ${r.d}`),
    });
    const r = await enforceTenant(h.db, D);
    expect(r).toMatchObject({ idempotency_keys: 1, alerts: 1, mailbox: 1 });
    const d = await count(D);
    expect(d.keys).toEqual([4]);
    expect(d.alerts).toEqual([29, null]);
    expect(d.mail).toEqual([`owner@northwind.local 31`, `${ADMIN} 29`]);
    const n = await count(N);
    expect(n.keys).toEqual([6]);
    expect(n.alerts).toEqual([31]);

    // a second pass finds nothing more
    expect(await enforceTenant(h.db, D)).toMatchObject({ idempotency_keys: 0, alerts: 0, mailbox: 0, events: 0 });
    // northwind's own pass keeps its defaults (idempotency 7 days, alerts 90, mailbox 30)
    expect(await enforceTenant(h.db, N)).toMatchObject({ idempotency_keys: 0, alerts: 0, mailbox: 1 });
  });

  it('deletes event-log rows every reader has passed and that are older than N days, never the newest nor one a pending dead letter names', async () => {
    const write = async (tenant: string, n: number) => {
      const seqs: number[] = [];
      for (let i = 0; i < n; i++) {
        seqs.push(await h.db.transaction((tx) => appendEvent(tx, tenant, 'compliance.retention_changed', { fields: ['retention-test'] }), { tenantId: tenant }));
      }
      return seqs;
    };
    const demo = await write(D, 4);
    const nw = await write(N, 2);
    await consumersSettled(h);
    await consumersSettled(h, null, N as typeof DEMO_TENANT.id);
    // back-date: demo's first three and northwind's two are 100 days old; demo's fourth is recent
    await q(D, `update events set created_at = $2 where tenant_id = $1 and seq = any($3::bigint[])`, [D, ago(100), demo.slice(0, 3)]);
    await q(N, `update events set created_at = $2 where tenant_id = $1 and seq = any($3::bigint[])`, [N, ago(100), nw]);
    // a pending dead letter names demo's second event: a replay reads it from the log
    await q(D, `insert into dlq_entries (tenant_id, consumer, event_seq, event_tenant_seq, stream, subject, payload, attempts, first_failure_at, last_failure_at, status)
                select tenant_id, 'retention-test', seq, tenant_seq, stream, subject, payload, 5, now(), now(), 'pending' from events where seq = $1`, [demo[1]]);
    const statsBefore = await q<{ messages: string }>(D, `select messages::text from event_stream_stats where tenant_id = $1 and stream = 'JOBS'`, [D]);
    // the relay rows and consumers may lag: wait until every reader is past demo's events
    const floor = async () => Number((await q<{ f: string | null }>(D, `select least((select min(cursor) from event_consumers), (select min(last_seq) from event_relay))::text as f`))[0].f ?? 0);
    const until = Date.now() + 20_000;
    while ((await floor()) < demo[3] && Date.now() < until) await new Promise((r) => setTimeout(r, 100));

    const r = await enforceTenant(h.db, D);
    expect(r.events).toBeGreaterThanOrEqual(2);
    const left = (await q<{ seq: string }>(D, `select seq::text from events where tenant_id = $1 and seq = any($2::bigint[]) order by seq`, [D, demo])).map((x) => Number(x.seq));
    expect(left).toEqual([demo[1], demo[3]]);
    // northwind's old events are its own business
    expect((await q(N, `select 1 from events where tenant_id = $1 and seq = any($2::bigint[])`, [N, nw])).length).toBe(2);
    const statsAfter = await q<{ messages: string }>(D, `select messages::text from event_stream_stats where tenant_id = $1 and stream = 'JOBS'`, [D]);
    if (statsBefore[0] && statsAfter[0]) expect(Number(statsAfter[0].messages)).toBeLessThan(Number(statsBefore[0].messages));
    // the newest event of a tenant stays, however old: the next number counts on from it
    await q(N, `update events set created_at = $2 where tenant_id = $1`, [N, ago(100)]);
    await enforceTenant(h.db, N);
    const head = await q<{ ts: string }>(N, `select max(tenant_seq)::text as ts from events where tenant_id = $1`, [N]);
    expect(Number(head[0].ts)).toBeGreaterThan(0);
  });
});
