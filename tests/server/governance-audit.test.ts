/**
 * The audit log viewer and exports (docs/governance.md "Audit log", "Exports") over HTTP on a real
 * database — PGlite, and PostgreSQL with TEST_DATABASE_URL: filters (correlation id, actor, action by
 * full name or verb, older resource names), keyset pages, each entry's diff, one entry by id; the log
 * is append-only (no route changes it, the database refuses UPDATE and DELETE but erasure's narrow
 * redaction); exports run as jobs to 100 %, download what was asked for, expire with 410 and are swept,
 * a double submit with one idempotency key is one job, and the tenant export holds every
 * tenant-scoped table and nothing of another tenant.
 */
import { randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { headersFor, DEMO_TENANT, NORTHWIND_TENANT } from './tokens';
import { sweepExpiredExports } from '../../server/api/exports/sweep';

const ADMIN = 'admin@demo.local';
const AGENT = 'agent@demo.local';
const SELLER = 'seller@demo.local';
const NW = 'owner@northwind.local';
const T = DEMO_TENANT.id;

let h: Harness;
let productId: string;
let editCid: string;
let startedAt: string;

const inTenant = <R>(sql: string, args: unknown[] = [], tenantId = T) => h.db.transaction(async (tx) => (await tx.query<R>(sql, args)).rows, { tenantId });

async function call(email: string, method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
  const res = await fetch(`${h.url}${path}`, { method, headers: { ...(await headersFor(h, email)), ...extra }, body: body === undefined ? undefined : JSON.stringify(body) });
  const buf = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, headers: res.headers, buf, body: type.startsWith('application/json') && buf.length ? JSON.parse(buf.toString('utf8')) : buf.toString('utf8') };
}

interface Entry { id: number; action: string; resource: string; resource_id: string | null; actor_email: string | null; correlation_id: string | null; before: unknown; after: unknown; diff: { path: string; before: unknown; after: unknown }[] }
interface Exp { id: string; status: string; progress: number; rows: number; bytes: number | null; download_url: string | null; expires_at: string | null; kind: string; format: string }

async function finished(id: string, who = ADMIN): Promise<Exp> {
  const seen: number[] = [];
  for (let i = 0; i < 600; i++) {
    const r = await call(who, 'GET', `/api/governance/exports/${id}`);
    expect(r.status).toBe(200);
    seen.push(r.body.data.progress);
    if (r.body.data.status === 'done' || r.body.data.status === 'failed') return r.body.data;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`export ${id} did not finish: ${seen.join(',')}`);
}

/** The files of a ZIP (local headers, deflated or stored). */
function unzip(buf: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let p = 0;
  while (buf.readUInt32LE(p) === 0x04034b50) {
    const method = buf.readUInt16LE(p + 8);
    const size = buf.readUInt32LE(p + 18);
    const nameLen = buf.readUInt16LE(p + 26);
    const extraLen = buf.readUInt16LE(p + 28);
    const name = buf.subarray(p + 30, p + 30 + nameLen).toString('utf8');
    const data = buf.subarray(p + 30 + nameLen + extraLen, p + 30 + nameLen + extraLen + size);
    out[name] = (method === 8 ? inflateRawSync(data) : data).toString('utf8');
    p += 30 + nameLen + extraLen + size;
  }
  return out;
}

beforeAll(async () => {
  h = await startServer();
  startedAt = new Date(Date.now() - 1000).toISOString();
  const created = await call(SELLER, 'POST', '/api/products', { title: 'Audit Lamp', sku: 'AUD-LAMP-1', price: 12 });
  expect(created.status).toBe(201);
  productId = created.body.data.id;
  editCid = randomUUID();
  const edited = await call(SELLER, 'PUT', `/api/products/${productId}`, { title: 'Audit Lamp v2' }, { 'x-correlation-id': editCid });
  expect(edited.status).toBe(200);
  expect(edited.headers.get('x-correlation-id')).toBe(editCid);
  // enableBetaFeatures starts off: five changes, five entries
  for (const enabled of [true, false, true, false, true]) {
    expect((await call(ADMIN, 'PUT', '/api/flags/enableBetaFeatures', { enabled })).status).toBe(200);
  }
  expect((await call(NW, 'PUT', '/api/flags/enableBetaFeatures', { enabled: true })).status).toBe(200);
}, 120_000);
afterAll(async () => h?.close());

describe('GET /api/audit', () => {
  it('finds a request’s entry by its correlation id, with before, after and the diff', async () => {
    const r = await call(AGENT, 'GET', `/api/audit?correlation_id=${editCid}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(1);
    const e: Entry = r.body.data[0];
    expect(e).toMatchObject({ action: 'product.update', resource: 'product', resource_id: productId, actor_email: SELLER, correlation_id: editCid });
    expect(e.diff).toContainEqual({ path: 'title', before: 'Audit Lamp', after: 'Audit Lamp v2' });
    expect(e.diff.map((d) => d.path)).not.toContain('sku');
    const one = await call(ADMIN, 'GET', `/api/audit/${e.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(e);
    // another tenant's entry is not found
    expect((await call(NW, 'GET', `/api/audit/${e.id}`)).status).toBe(404);
    expect((await call(SELLER, 'GET', `/api/audit/${e.id}`)).status).toBe(403);
  });

  it('names actions `<resource>.<verb>` and filters by full name, bare verb, older resource names, actor and time', async () => {
    const created = await call(ADMIN, 'GET', `/api/audit?resource=product&resource_id=${productId}&order=asc`);
    expect(created.body.data.map((e: Entry) => e.action)).toEqual(['product.create', 'product.update']);
    // a create's diff lists the new record's fields
    expect(created.body.data[0].diff).toContainEqual({ path: 'title', before: null, after: 'Audit Lamp' });
    const legacy = await call(ADMIN, 'GET', `/api/audit?resource=products&resource_id=${productId}&order=asc`);
    expect(legacy.body.data.map((e: Entry) => e.id)).toEqual(created.body.data.map((e: Entry) => e.id));
    const verb = await call(ADMIN, 'GET', `/api/audit?action=update&from=${encodeURIComponent(startedAt)}&limit=100`);
    expect(new Set(verb.body.data.map((e: Entry) => e.action))).toEqual(new Set(['product.update', 'feature_flag.update']));
    const full = await call(ADMIN, 'GET', `/api/audit?action=feature_flag.update&actor=${ADMIN}&from=${encodeURIComponent(startedAt)}`);
    expect(full.body.pagination.total).toBe(5);
    expect(full.body.data.every((e: Entry) => e.resource === 'feature_flag' && e.actor_email === ADMIN)).toBe(true);
    const future = await call(ADMIN, 'GET', `/api/audit?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    expect(future.body.pagination.total).toBe(0);
  });

  it('pages by keyset: every entry once, newest first, next_cursor null on the last page', async () => {
    const q = `resource=feature_flag&from=${encodeURIComponent(startedAt)}`;
    const ids: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r = await call(AGENT, 'GET', `/api/audit?${q}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(r.status).toBe(200);
      expect(r.body.pagination.total).toBe(5);
      ids.push(...r.body.data.map((e: Entry) => e.id));
      cursor = r.body.pagination.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(ids).toHaveLength(5);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const all = await call(AGENT, 'GET', `/api/audit?${q}&limit=10`);
    expect(all.body.data.map((e: Entry) => e.id)).toEqual(ids);
    expect(all.body.pagination.next_cursor).toBeNull();
    const bad = await call(AGENT, 'GET', '/api/audit?cursor=bm90LWEtY3Vyc29y');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid_cursor');
  });
});

describe('append-only', () => {
  it('has no route that changes or deletes an entry', async () => {
    const [e] = (await call(ADMIN, 'GET', `/api/audit?correlation_id=${editCid}`)).body.data as Entry[];
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const r = await call(ADMIN, method, `/api/audit/${e.id}`, method === 'DELETE' ? undefined : { action: 'x.y' });
      expect([404, 405]).toContain(r.status);
    }
    expect((await call(ADMIN, 'GET', `/api/audit/${e.id}`)).body.data).toEqual(e);
  });

  it('is refused UPDATE and DELETE by the database; erasure’s redaction may change before/after only', async () => {
    const [e] = (await call(ADMIN, 'GET', `/api/audit?correlation_id=${editCid}`)).body.data as Entry[];
    await expect(inTenant(`update audit_log set action = 'product.delete' where id = $1`, [e.id])).rejects.toThrow(/append-only/);
    await expect(inTenant(`delete from audit_log where id = $1`, [e.id])).rejects.toThrow(/append-only/);
    await expect(h.db.transaction(async (tx) => {
      await tx.query(`set local app.audit_redaction = 'on'`);
      await tx.query(`update audit_log set action = 'product.delete', before = null where id = $1`, [e.id]);
    }, { tenantId: T })).rejects.toThrow(/append-only/);
    await h.db.transaction(async (tx) => {
      await tx.query(`set local app.audit_redaction = 'on'`);
      await tx.query(`update audit_log set before = '{"title":"[redacted]"}', after = '{"title":"[redacted]"}' where id = $1`, [e.id]);
    }, { tenantId: T });
    const after = (await call(ADMIN, 'GET', `/api/audit/${e.id}`)).body.data as Entry;
    expect(after).toMatchObject({ id: e.id, action: 'product.update', before: { title: '[redacted]' }, after: { title: '[redacted]' }, diff: [] });
    // the setting ends with its transaction
    await expect(inTenant(`update audit_log set before = null where id = $1`, [e.id])).rejects.toThrow(/append-only/);
  });
});

describe('exports', () => {
  it('exports the filtered audit log as CSV in the background, to 100 %, and downloads it', async () => {
    const filters = { resource: 'feature_flag', from: startedAt };
    const r = await call(AGENT, 'POST', '/api/governance/exports', { kind: 'audit', format: 'csv', filters });
    expect(r.status).toBe(202);
    expect(r.body.data).toMatchObject({ kind: 'audit', format: 'csv', download_url: null });
    expect(['queued', 'running', 'done']).toContain(r.body.data.status);
    const done = await finished(r.body.data.id, AGENT);
    expect(done).toMatchObject({ status: 'done', progress: 100, rows: 5, download_url: `/api/governance/exports/${done.id}/download` });
    expect(Date.parse(done.expires_at!) - Date.now()).toBeGreaterThan(23 * 3600_000);
    const file = await call(AGENT, 'GET', done.download_url!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(file.headers.get('content-disposition')).toMatch(/attachment; filename="audit-log-.*\.csv"/);
    expect(done.bytes).toBe(file.buf.length);
    const lines = file.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,created_at,actor_id,actor_email,action,resource,resource_id,correlation_id,before,after,diff');
    expect(lines).toHaveLength(6);
    expect(lines.slice(1).every((l: string) => l.includes('feature_flag.update') && l.includes(ADMIN))).toBe(true);
    // the request is itself an audit entry
    const audited = await call(ADMIN, 'GET', `/api/audit?action=export.create&resource_id=${done.id}`);
    expect(audited.body.data[0]).toMatchObject({ actor_email: AGENT, after: { kind: 'audit', format: 'csv' } });
  });

  it('writes JSON Lines, one entry a line, with the diff', async () => {
    const r = await call(ADMIN, 'POST', '/api/governance/exports', { kind: 'audit', format: 'jsonl', filters: { correlation_id: editCid } });
    const done = await finished(r.body.data.id);
    const text = (await call(ADMIN, 'GET', done.download_url!)).body as string;
    const rows = text.trim().split('\n').map((l) => JSON.parse(l));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'product.update', resource_id: productId, correlation_id: editCid });
    expect(Array.isArray(rows[0].diff)).toBe(true);
  });

  it('makes a double submit with one idempotency key one job', async () => {
    const key = randomUUID();
    const before = Number((await inTenant<{ n: string }>('select count(*) as n from exports'))[0].n);
    const body = { kind: 'audit', format: 'jsonl', filters: { resource: 'product' } };
    const [a, b] = await Promise.all([
      call(ADMIN, 'POST', '/api/governance/exports', body, { 'idempotency-key': key }),
      call(ADMIN, 'POST', '/api/governance/exports', body, { 'idempotency-key': key }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(202);
    const ok = [a, b].filter((x) => x.status === 202);
    expect(new Set(ok.map((x) => x.body.data.id)).size).toBe(1);
    const c = await call(ADMIN, 'POST', '/api/governance/exports', body, { 'idempotency-key': key });
    expect(c.status).toBe(202);
    expect(c.body.data.id).toBe(ok[0].body.data.id);
    expect(Number((await inTenant<{ n: string }>('select count(*) as n from exports'))[0].n)).toBe(before + 1);
    await finished(c.body.data.id);
  });

  it('answers 410 once expired, and the sweep removes the file', async () => {
    const r = await call(ADMIN, 'POST', '/api/governance/exports', { kind: 'audit', format: 'jsonl' });
    const done = await finished(r.body.data.id);
    expect((await call(ADMIN, 'GET', done.download_url!)).status).toBe(200);
    await inTenant(`update exports set expires_at = now() - interval '1 second' where id = $1`, [done.id]);
    const gone = await call(ADMIN, 'GET', done.download_url!);
    expect(gone.status).toBe(410);
    expect(gone.body.code).toBe('export_expired');
    expect((await call(ADMIN, 'GET', `/api/governance/exports/${done.id}`)).body.data).toMatchObject({ status: 'expired', download_url: null });
    expect(await sweepExpiredExports(h.db)).toBeGreaterThanOrEqual(1);
    expect(await inTenant('select 1 from stored_objects where key = $1', [`exports/${done.id}`])).toEqual([]);
    expect((await call(ADMIN, 'GET', done.download_url!)).status).toBe(410);
  });

  it('lists exports newest first, paginated; agents see audit exports only', async () => {
    const r = await call(ADMIN, 'GET', '/api/governance/exports?kind=audit&limit=2');
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(2);
    expect(r.body.pagination.total).toBeGreaterThanOrEqual(4);
    const times = r.body.data.map((e: { created_at: string }) => Date.parse(e.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await call(AGENT, 'GET', '/api/governance/exports?kind=tenant')).status).toBe(403);
    expect((await call(SELLER, 'GET', '/api/governance/exports')).status).toBe(403);
    expect((await call(NW, 'GET', '/api/governance/exports')).body.pagination.total).toBe(0);
  });

  it('refuses a tenant export to agents, and bad bodies with per-field details', async () => {
    expect((await call(AGENT, 'POST', '/api/governance/exports', { kind: 'tenant', format: 'csv' })).status).toBe(403);
    expect((await call(SELLER, 'POST', '/api/governance/exports', { kind: 'audit', format: 'csv' })).status).toBe(403);
    const bad = await call(ADMIN, 'POST', '/api/governance/exports', { kind: 'everything', format: 'xml' });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { field: string }) => d.field).sort()).toEqual(['format', 'kind']);
  });

  it('exports the tenant: a ZIP with a file for every tenant-scoped table, and nothing of another tenant', async () => {
    expect((await call(ADMIN, 'POST', '/api/webhooks', { url: 'http://127.0.0.1:9/hook', subjects: ['orders.*'] })).status).toBe(201);
    const r = await call(ADMIN, 'POST', '/api/governance/exports', { kind: 'tenant', format: 'jsonl' });
    expect(r.status).toBe(202);
    const done = await finished(r.body.data.id);
    expect(done).toMatchObject({ status: 'done', progress: 100 });
    const file = await call(ADMIN, 'GET', done.download_url!);
    expect(file.headers.get('content-type')).toBe('application/zip');
    const files = unzip(file.buf);
    const tables = (await inTenant<{ t: string }>(
      `select c.relname::text as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
          and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)`,
    )).map((x) => x.t);
    expect(tables.length).toBeGreaterThan(20);
    expect(Object.keys(files).sort()).toEqual([...tables.map((t) => `${t}.jsonl`), 'tenants.jsonl'].sort());
    for (const [name, text] of Object.entries(files)) {
      for (const line of text.split('\n').filter(Boolean)) {
        const row = JSON.parse(line);
        if (name === 'tenants.jsonl') expect(row.id).toBe(T);
        else expect(row.tenant_id, name).toBe(T);
      }
      expect(text.includes(NORTHWIND_TENANT.id), name).toBe(false);
    }
    const products = files['products.jsonl'].trim().split('\n').map((l) => JSON.parse(l));
    expect(products.map((p) => p.id)).toContain(productId);
    expect(products).toHaveLength(Number((await inTenant<{ n: string }>('select count(*) as n from products where tenant_id = $1', [T]))[0].n));
    expect(files['audit_log.jsonl']).toContain(editCid);
    // a webhook's signing secret is withheld
    const hooks = files['webhook_endpoints.jsonl'].trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
    expect(hooks.length).toBeGreaterThan(0);
    expect(hooks.every((w) => w.secret === '[withheld]')).toBe(true);

    const csv = await call(ADMIN, 'POST', '/api/governance/exports', { kind: 'tenant', format: 'csv' });
    const csvDone = await finished(csv.body.data.id);
    const csvFiles = unzip((await call(ADMIN, 'GET', csvDone.download_url!)).buf);
    expect(Object.keys(csvFiles).sort()).toEqual([...tables.map((t) => `${t}.csv`), 'tenants.csv'].sort());
    expect(csvFiles['products.csv'].split('\r\n')[0]).toMatch(/(^|,)tenant_id(,|$)/);
  }, 120_000);
});
