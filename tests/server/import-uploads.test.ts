/**
 * Import uploads stream (docs/api-conventions.md "Body limits", docs/commerce.md "Import jobs"): the
 * body is written to DATA_DIR/import-files while it arrives, after the full authentication; the
 * 50 MiB limit holds while streaming (413, nothing left behind: no job, no file); a multi-megabyte
 * file imports as before, and its file is gone once it has been read.
 */
import { once } from 'node:events';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { headersFor, tokenFor, DEMO_TENANT } from './tokens';
import { waitFor } from './wait-for';
import { IMPORT_BODY_LIMIT } from '../../server/http/body-limits';

let h: Harness;
const SELLER = 'seller@demo.local';
const MiB = 1024 * 1024;

const uploadDir = () => join(h.dataDir, 'import-files');
const files = () => (existsSync(uploadDir()) ? readdirSync(uploadDir()) : []);
const noFilesLeft = () => waitFor(() => files().length === 0, 'the upload directory to be empty');
const count = async (sql: string) =>
  (await h.db.transaction((tx) => tx.query<{ n: number }>(sql), { tenantId: DEMO_TENANT.id })).rows[0].n;
const jobs = () => count('select count(*)::int as n from import_jobs');

interface Answer { status: number; headers: Record<string, string | string[] | undefined>; body: { code?: string; data?: Record<string, unknown> } }

/**
 * A POST whose body the test writes piece by piece (chunked unless `content-length` is given); the
 * answer may come before the body is finished.
 */
function upload(path: string, headers: Record<string, string>) {
  const url = new URL(path, h.url);
  const req = request({ method: 'POST', hostname: url.hostname, port: url.port, path: url.pathname + url.search, headers });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : {} }));
    });
    // after an early answer the server closes while the client may still be writing
    req.on('error', reject);
  });
  answer.catch(() => undefined);
  return {
    answer,
    async send(chunk: string | Buffer) {
      if (!req.write(chunk)) await once(req, 'drain');
    },
    end: () => req.end(),
    destroy: () => req.destroy(),
  };
}

const csvHeaders = async () => ({ ...(await headersFor(h, SELLER)), 'content-type': 'text/csv' });

const HEADER = 'Handle,Title,Body (HTML),Vendor,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price,Status';
/** One product row of about 5 KB; multi-byte characters so that chunk boundaries split some of them. */
const describe5k = (n: number) => `<p>Crème brûlée ${n} 😀 ${'déjà vu '.repeat(600)}</p>`;
const row = (prefix: string, n: number) => `${prefix}-${n},Stream ${n},${describe5k(n)},Acme,Title,Default,${prefix.toUpperCase()}-${n},${n % 9},12.50,active`;
const rowsOf = (prefix: string, from: number, to: number) => Array.from({ length: to - from }, (_x, i) => row(prefix, from + i)).join('\n');

async function follow(id: string): Promise<{ status: string; result: unknown; error: unknown; file_bytes: number }> {
  const headers = await headersFor(h, SELLER);
  return waitFor(async () => {
    const job = (await fetch(`${h.url}/api/imports/jobs/${id}`, { headers }).then((r) => r.json())).data;
    return job.status === 'done' || job.status === 'failed' ? job : null;
  }, `import job ${id} to end`, 120_000);
}

beforeAll(async () => {
  h = await startServer();
});
afterAll(async () => h?.close());

describe('import uploads stream to disk', () => {
  it('writes the body to the job file while the client is still sending it', async () => {
    const up = upload('/api/imports/shopify-products?mode=job&file_name=stream.csv', await csvHeaders());
    await up.send(`${HEADER}\n${rowsOf('stream', 0, 500)}\n`);
    // about 2.5 MB sent and the request still open: the server has it on disk already
    const seen = await waitFor(() => files().map((f) => statSync(join(uploadDir(), f)).size).find((size) => size >= 2 * MiB), 'the upload file to grow');
    expect(seen).toBeGreaterThanOrEqual(2 * MiB);
    await up.send(`${rowsOf('stream', 500, 1000)}\n`);
    up.end();
    const r = await up.answer;
    expect(r.status).toBe(202);
    const job = await follow((r.body.data!.job as { id: string }).id);
    expect(job).toMatchObject({ status: 'done', error: null, result: { created: 1000, updated: 0, rows: 1000, dry_run: false } });
    expect(job.file_bytes).toBeGreaterThan(5 * MiB);
    // multi-byte characters survive the chunk boundaries of the upload and of the reader
    const stored = (await h.db.transaction((tx) => tx.query<{ description: string }>("select description from products where handle = 'stream-777'"), { tenantId: DEMO_TENANT.id })).rows[0];
    expect(stored.description).toBe(describe5k(777));
    await noFilesLeft();
  }, 180_000);

  it('imports a multi-megabyte file synchronously with ?mode=sync, and removes its file after the answer', async () => {
    const file = `${HEADER}\n${rowsOf('syncbig', 0, 600)}\n`;
    expect(Buffer.byteLength(file)).toBeGreaterThan(3 * MiB);
    const res = await fetch(`${h.url}/api/imports/shopify-products?mode=sync`, { method: 'POST', headers: await csvHeaders(), body: file });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({ created: 600, updated: 0, rows: 600, dry_run: false });
    expect(await count("select count(*)::int as n from products where handle like 'syncbig-%'")).toBe(600);
    await noFilesLeft();
  }, 120_000);

  it('refuses a declared size over the limit with 413 before reading the body', async () => {
    const before = await jobs();
    const up = upload('/api/imports/shopify-products', { ...(await csvHeaders()), 'content-length': String(IMPORT_BODY_LIMIT + 1) });
    await up.send(Buffer.alloc(64 * 1024, 'a'));
    const r = await up.answer;
    up.destroy();
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ code: 'body_too_large', message: 'Request body is too large' });
    expect(files()).toEqual([]);
    expect(await jobs()).toBe(before);
  });

  it('stops a chunked upload that grows past the limit with 413: no job, and its partial file removed', async () => {
    const before = await jobs();
    const up = upload('/api/imports/shopify-products?mode=job', await csvHeaders());
    const chunk = Buffer.alloc(MiB, 'a');
    await up.send(`${HEADER}\n`);
    for (let sent = HEADER.length + 1; sent < IMPORT_BODY_LIMIT; sent += MiB) await up.send(sent + MiB <= IMPORT_BODY_LIMIT ? chunk : chunk.subarray(0, IMPORT_BODY_LIMIT - sent));
    // exactly the limit so far (nothing refused yet); one more byte is over it
    await up.send('a');
    const r = await up.answer;
    up.destroy();
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ code: 'body_too_large' });
    expect(r.headers.connection).toBe('close');
    await noFilesLeft();
    expect(await jobs()).toBe(before);
  }, 120_000);

  it('authenticates fully (session, query) before a byte of the body is read', async () => {
    const token = await tokenFor(h, SELLER);
    const session = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).session_id as string;
    await h.db.query('delete from auth.sessions where id = $1', [session]);
    const declared = { ...(await csvHeaders()), authorization: `Bearer ${token}`, 'content-length': String(5 * MiB) };
    // only the first 64 KiB are sent: an answer proves the server did not wait for the rest
    const ended = upload('/api/imports/shopify-products', declared);
    await ended.send(Buffer.alloc(64 * 1024, 'a'));
    const r = await ended.answer;
    ended.destroy();
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('session_not_found');
    const badQuery = upload('/api/imports/shopify-products?mode=later', { ...(await csvHeaders()), 'content-length': String(5 * MiB) });
    await badQuery.send(Buffer.alloc(64 * 1024, 'a'));
    const q = await badQuery.answer;
    badQuery.destroy();
    expect(q.status).toBe(400);
    expect(q.body.code).toBe('validation_failed');
    expect(files()).toEqual([]);
  });

  it('answers other bodies as before: an empty file, a JSON object, the file as a JSON string', async () => {
    const post = async (body: string, type: string) => {
      const res = await fetch(`${h.url}/api/imports/shopify-products?dry_run=true`, { method: 'POST', headers: { ...(await csvHeaders()), 'content-type': type }, body });
      return { status: res.status, body: await res.json() };
    };
    const empty = await post('', 'text/csv');
    expect(empty).toMatchObject({ status: 400, body: { code: 'validation_failed', details: [{ field: 'body', message: 'The file is empty', code: 'too_small' }] } });
    const json = await post(JSON.stringify({ a: 1 }), 'application/json');
    expect(json).toMatchObject({ status: 400, body: { code: 'validation_failed', details: [{ field: 'body', code: 'invalid_type' }] } });
    expect(json.body.message).toContain('Send the file as the request body');
    const text = await post(JSON.stringify(`${HEADER}\n${row('jsontext', 0)}`), 'application/json');
    expect(text).toMatchObject({ status: 200, body: { data: { created: 1, rows: 1, dry_run: true } } });
    // a JSON body is no file: the global 1 MiB limit holds on these routes
    const big = await post(JSON.stringify('x'.repeat(2 * MiB)), 'application/json');
    expect(big).toMatchObject({ status: 413, body: { code: 'body_too_large' } });
    await noFilesLeft();
  });

  it('an Idempotency-Key compares the uploaded file', async () => {
    const file = `${HEADER}\n${rowsOf('idem', 0, 3)}\n`;
    const send = async (body: string) =>
      fetch(`${h.url}/api/imports/shopify-products`, { method: 'POST', headers: { ...(await csvHeaders()), 'idempotency-key': 'upload-idem-1' }, body });
    const first = await send(file);
    expect(first.status).toBe(200);
    expect((await first.json()).data).toMatchObject({ created: 3 });
    const again = await send(file);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await again.json()).data).toMatchObject({ created: 3 });
    const other = await send(`${file}${row('idem', 3)}\n`);
    expect(other.status).toBe(422);
    await noFilesLeft();
  });
});
