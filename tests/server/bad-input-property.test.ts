/**
 * Bad input never answers 500 (docs/api-conventions.md "Bad input"): a property-based walk over
 * every API route the route kit registered (server/api/route-index.ts), with random, boundary and
 * hostile values for each field of its params, query and body schemas (contract/*.ts), plus the
 * import files' cells and the /auth/v1 entry points. Every answer must be below 500 and, when it is
 * a 4xx, must have written nothing: the tenant's audit rows and outbox events stay as they were.
 *
 * Besides the random walk, the classes that once answered 500 are sent deterministically (all found
 * by introspecting the schemas): to every string field of every route, a lone high and a lone low
 * surrogate, a NUL and a 1 MB string; to every number field 1e309, 2^64 and -0 as raw JSON text; to
 * every body 10,000-level nested arrays and objects. A lone surrogate in any body field is the same
 * 400 naming that field. The server's log is captured throughout and must hold none of the values sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Papa from 'papaparse';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import type { ZodType } from 'zod';
import { startServer, type Harness } from './harness';
import { anonHeaders } from './auth-kit';
import { ACCOUNTS, DEMO_TENANT, callAs, headersFor } from './tokens';
import { assertMoneyInvariants } from './money-invariants';
import { listRoutes, type IndexedRoute } from '../../server/api/route-index';
import { NUL_MESSAGE, SURROGATE_MESSAGE } from '../../contract/fields';

const ADMIN = 'admin@demo.local';
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
/** Streams stay open on success; exports are the lists' schemas again, streamed. */
const SKIP = [/^\/api\/stream(\/|$)/, /export\.csv$/];

let h: Harness;
let headers: Record<string, string>;
const real: Record<string, string> = {};

// ---- schema introspection (zod 4 definitions) -------------------------------------------------

type Def = {
  type: string; innerType?: ZodType; in?: ZodType; out?: ZodType; left?: ZodType; right?: ZodType; element?: ZodType; valueType?: ZodType;
  options?: ZodType[]; format?: string; entries?: Record<string, string>; values?: unknown[];
};
const defOf = (s: ZodType) => (s as unknown as { def: Def }).def;

function unwrap(s: ZodType): ZodType {
  for (let i = 0; i < 20; i++) {
    const d = defOf(s);
    if (d.innerType) s = d.innerType;
    else if (d.type === 'pipe' && d.in) s = defOf(d.in).type === 'transform' ? d.out! : d.in;
    else return s;
  }
  return s;
}

function fieldsOf(schema: ZodType | undefined): [string, ZodType][] {
  if (!schema) return [];
  const s = unwrap(schema);
  const d = defOf(s);
  if (d.type === 'object') return Object.entries((s as unknown as { shape: Record<string, ZodType> }).shape);
  if (d.type === 'intersection') return [...fieldsOf(d.left), ...fieldsOf(d.right)];
  return [];
}

// ---- values -------------------------------------------------------------------------------------

const long = (n: number) => 'x'.repeat(n);
const HOSTILE_STRINGS = [
  '\u0000', 'a\u0000b', '', ' ', 'NaN', 'Infinity', '-Infinity', '-1', '1e309', '-0', '99999999999999999999',
  '9223372036854775808', '2024-02-31', '0000-01-01', '10000-01-01T00:00:00Z', '275760-09-13', '1969-12-31T23:59:59Z',
  '9999-12-31T23:59:59+14:00', 'true', 'null', '[]', '{}', '%00', '%', "'; drop table products; --", '\\', '\ud800',
  'ß'.repeat(300), long(5000), long(70_000),
];
const HOSTILE_NUMBERS = [0, -1, -0.5, 0.001, 1e10, 9_999_999_999.99, 1e308, -1e308, 2 ** 31, 2 ** 31 - 1, 2 ** 53, 2 ** 63, Number.MAX_SAFE_INTEGER];
const HOSTILE_OTHER: unknown[] = [null, true, false, [], [null], ['\u0000'], {}, { '\u0000': 1 }, { a: { b: { c: [1, { d: '\u0000' }] } } }, Array.from({ length: 600 }, () => 'a')];

/** Values that sit on a field's own bounds (so some pass validation and reach the database). */
function boundaries(field: ZodType): unknown[] {
  const s = unwrap(field);
  const d = defOf(s);
  const out: unknown[] = [];
  const n = s as unknown as { minValue?: number | null; maxValue?: number | null; minLength?: number | null; maxLength?: number | null; options?: unknown[] };
  if (d.type === 'number') {
    for (const v of [n.minValue, n.maxValue]) {
      if (typeof v === 'number' && Number.isFinite(v)) out.push(v, v + 1, v - 1, v + 0.5, v * 10);
    }
  }
  if (d.type === 'string') {
    if (n.maxLength) out.push(long(n.maxLength), long(n.maxLength + 1), `${long(Math.max(0, n.maxLength - 1))}\u0000`);
    if (d.format === 'uuid' || d.format === 'guid') out.push('00000000-0000-0000-0000-000000000000', 'not-a-uuid', ...Object.values(real));
    if (d.format === 'email') out.push('a@b.co', `${long(250)}@b.co`, 'a\u0000@b.co');
    if (d.format === 'datetime' || d.format === 'date') out.push('2024-02-29', '2023-02-29T00:00:00Z', '1970-01-01', '9999-12-31');
  }
  if (d.type === 'enum' && n.options) out.push(n.options[0], `${String(n.options[0])}\u0000`);
  if (d.type === 'array' && d.element) out.push([], boundaries(d.element).slice(0, 3), Array.from({ length: 300 }, () => boundaries(d.element!)[0] ?? 'a'));
  return out;
}

function fieldValue(field: ZodType): fc.Arbitrary<unknown> {
  const b = boundaries(field);
  return fc.oneof(
    { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 3 },
    { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS), weight: 2 },
    { arbitrary: fc.constantFrom(...HOSTILE_OTHER), weight: 1 },
    ...(b.length ? [{ arbitrary: fc.constantFrom(...b), weight: 4 }] : []),
    { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
    { arbitrary: fc.double(), weight: 1 },
    { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
  );
}

/** A random subset of the fields, each with a value from `fieldValue`; an object field is also fuzzed one level in. */
function objectOf(fields: [string, ZodType][], depth = 0): fc.Arbitrary<Record<string, unknown>> {
  if (fields.length === 0) return fc.constant({});
  return fc.record(
    Object.fromEntries(
      fields.map(([k, f]) => {
        const inner = depth === 0 ? fieldsOf(f) : [];
        if (inner.length === 0) return [k, fieldValue(f)];
        const base = validValue(unwrap(f), k);
        const nested = objectOf(inner, depth + 1).map((o) => ({ ...(base && typeof base === 'object' ? base : {}), ...o }));
        return [k, fc.oneof({ arbitrary: fieldValue(f), weight: 1 }, { arbitrary: nested, weight: 2 })];
      }),
    ),
    { requiredKeys: [] },
  );
}

const asQueryValue = (v: unknown): string | string[] =>
  Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x : JSON.stringify(x) ?? '')) : typeof v === 'string' ? v : JSON.stringify(v) ?? '';

function queryString(q: Record<string, unknown>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    const s = asQueryValue(v);
    for (const x of Array.isArray(s) ? s : [s]) p.append(k, x.replace(/[\ud800-\udfff]/g, '?'));
  }
  const t = p.toString();
  return t ? `?${t}` : '';
}

function encodeSegment(v: unknown): string {
  const s = typeof v === 'string' ? v : JSON.stringify(v) ?? '';
  try {
    return encodeURIComponent(s);
  } catch {
    return '%E0%A4%A'; // a lone surrogate cannot be encoded: send a URL that does not decode instead
  }
}

// ---- valid values, so one hostile field at a time reaches the handler -----------------------------

/** Real ids for uuid fields named after what they point at. */
function realFor(key: string): string | undefined {
  const k = key.replace(/_ids?$/, '').replace(/Id$/, '');
  return ({ variant: real.variant, product: real.product, supplier: real.supplier, marketplace: real.marketplace, listing: real.listing, order: real.order, rule: real.rule } as Record<string, string | undefined>)[k];
}

const CANDIDATES: unknown[] = ['US', 'fuzz', 'FUZZ-1', '1', 'a', 'fuzz@example.com', 'http://127.0.0.1:9/hook', '2026-01-01', '2026-01-01T00:00:00Z', '#3b5bdb', 1, 0, 10, 100, 0.5, true, false];

/**
 * A value the schema accepts, built from its definition (zod 4): required fields only, the first
 * enum option, arrays at their minimum length, uuids of real records where the key names one, and
 * for other leaves the first of a few ordinary candidates the schema parses. Undefined when none fits.
 */
function validValue(schema: ZodType, key = ''): unknown {
  const d = defOf(schema);
  if (d.type === 'optional' || d.type === 'default' || d.type === 'prefault') return undefined;
  if (d.type === 'nullable' || d.type === 'readonly' || d.type === 'catch' || d.type === 'nonoptional') return validValue(d.innerType!, key);
  if (d.type === 'pipe') return validValue(defOf(d.in!).type === 'transform' ? d.out! : d.in!, key);
  let v: unknown;
  if (d.type === 'object') {
    const shape = Object.entries((schema as unknown as { shape: Record<string, ZodType> }).shape);
    const out: Record<string, unknown> = {};
    for (const [k, f] of shape) {
      const x = validValue(f, k);
      if (x !== undefined) out[k] = x;
    }
    // an update schema wants at least one of its optional fields: add them one by one until it parses
    for (const [k, f] of shape) {
      if (schema.safeParse(out).success) break;
      if (k in out) continue;
      const x = validValue(unwrap(f), k);
      if (x !== undefined) out[k] = x;
    }
    v = out;
  } else if (d.type === 'array' && d.element) {
    const min = (schema as unknown as { minLength?: number | null }).minLength ?? 0;
    const one = validValue(d.element, key);
    v = one === undefined ? [] : Array.from({ length: Math.max(min, 1) }, (_x, i) => (typeof one === 'string' && min > 1 ? `${one}${i}` : one));
  } else if (d.type === 'enum') {
    v = Object.values(d.entries ?? {})[0];
  } else if (d.type === 'union' && d.options) {
    v = d.options.map((o) => validValue(o, key)).find((x) => x !== undefined && schema.safeParse(x).success);
  } else if (d.type === 'string' && (d.format === 'uuid' || d.format === 'guid')) {
    v = realFor(key) ?? '00000000-0000-4000-8000-000000000000';
  } else if (d.type === 'string' || d.type === 'number' || d.type === 'boolean' || d.type === 'literal' || d.type === 'bigint') {
    const lit = (schema as unknown as { value?: unknown }).value;
    const n = schema as unknown as { minValue?: number | null; minLength?: number | null };
    v = [lit, n.minValue, n.minLength ? 'x'.repeat(n.minLength) : undefined, ...CANDIDATES].find((c) => c !== undefined && schema.safeParse(c).success);
  }
  return v !== undefined && schema.safeParse(v).success ? v : undefined;
}

/** A valid body per write route, so mutations of single fields reach the handler. */
function baseBody(r: IndexedRoute): Record<string, unknown> | undefined {
  const key = `${r.method} ${r.url}`;
  const bases: Record<string, Record<string, unknown>> = {
    'POST /api/products': { title: 'Fuzz', sku: 'FUZZ-1', price: 10 },
    'PUT /api/products/:id': { title: 'Fuzz' },
    'POST /api/products/bulk': { action: 'update', ids: [real.product], changes: { price_delta_pct: 1 } },
    'POST /api/products/:id/variants': { sku: 'FUZZ-V1', price: 5, stock: 1 },
    'PUT /api/products/:id/variants/:variantId': { price: 5 },
    'POST /api/suppliers': { name: 'Fuzz supplier' },
    'PUT /api/suppliers/:id': { name: 'Fuzz supplier' },
    'POST /api/orders/:id/status': { status: 'routed' },
    'POST /api/orders/:id/cancel': { reason: 'fuzz' },
    'PUT /api/orders/:id/ship-to': { name: 'Fuzz', line1: '1 Fuzz Street', city: 'Austin', region: 'TX', postal_code: '78701', country: 'US' },
    'POST /api/webhooks': { url: 'http://127.0.0.1:9/hook', subjects: ['orders.*'] },
    'PUT /api/webhooks/:id': { description: 'fuzz' },
    'POST /api/dlq/replay': { filter: {} },
    'POST /api/dlq/discard': { filter: {}, reason: 'fuzz' },
    'POST /api/dlq/:id/discard': { reason: 'fuzz' },
    'PUT /api/flags/:name': { enabled: true },
  };
  if (bases[key]) return bases[key];
  const generated = r.kit?.body ? validValue(r.kit.body) ?? validValue(unwrap(r.kit.body)) : undefined;
  return generated && typeof generated === 'object' && !Array.isArray(generated) ? (generated as Record<string, unknown>) : undefined;
}

/** Real ids for path parameters, so some requests get past "not found". */
function realParam(url: string, name: string): string {
  if (name === 'variantId') return real.variant;
  if (name === 'name') return 'enableBetaFeatures';
  if (url.startsWith('/api/products')) return real.product;
  if (url.startsWith('/api/suppliers')) return real.supplier;
  if (url.startsWith('/api/orders')) return real.order;
  if (url.startsWith('/api/webhooks')) return real.webhook;
  if (url.startsWith('/api/marketplaces')) return real.marketplace;
  if (url.startsWith('/api/listings')) return real.listing;
  if (url.startsWith('/api/pricing/rules')) return real.rule;
  return '1';
}

// ---- writes on a 4xx ------------------------------------------------------------------------------

/** The tenant's newest audit row and outbox event (ids only grow: a write moves one, by index). */
async function writes(): Promise<string> {
  const { rows } = await h.db.query<{ a: string; e: string }>(
    `select (select coalesce(max(id), 0) from audit_log where tenant_id = $1)::text as a,
            (select coalesce(max(seq), 0) from events where tenant_id = $1)::text as e`,
    [DEMO_TENANT.id],
  );
  return `audit ${rows[0].a}, events ${rows[0].e}`;
}

interface Sent { method: string; path: string; body?: string; contentType?: string }

async function send(req: Sent): Promise<{ status: number; text: string }> {
  // a URL past the HTTP parser's limit is answered (431) before it has arrived: read that answer at once
  if (req.path.length > 64 * 1024) return rawAnswer(Buffer.from(`${req.method} ${req.path} HTTP/1.1\r\nHost: x\r\n\r\n`), '');
  const res = await fetch(`${h.url}${req.path}`, {
    method: req.method,
    headers: { ...headers, 'content-type': req.contentType ?? 'application/json', 'idempotency-key': '' },
    body: req.body,
  });
  return { status: res.status, text: await res.text() };
}

const labelOf = (req: Sent) => `${req.method} ${req.path.slice(0, 300)} ${req.body?.slice(0, 300) ?? ''}`;

/** Sends one request; fails on a 5xx, on a 4xx that wrote, or on a 4xx not in the error shape. */
async function check(req: Sent): Promise<{ status: number; text: string }> {
  const before = await writes();
  const res = await send(req);
  const label = labelOf(req);
  expect(res.status, `${label}: no answer`).toBeGreaterThanOrEqual(200);
  expect(res.status, `${label} → ${res.text.slice(0, 500)}`).toBeLessThan(500);
  if (res.status >= 400) {
    expect(await writes(), `${label} wrote on ${res.status}`).toBe(before);
    // a request the HTTP parser refused (431: a 1 MB URL) has the error shape too, written by hand
    const body = JSON.parse(res.text) as { message?: unknown; code?: unknown };
    expect(typeof body.message === 'string' && typeof body.code === 'string', `${label}: ${res.text.slice(0, 300)}`).toBe(true);
  }
  return res;
}

function requestArb(r: IndexedRoute): fc.Arbitrary<Sent> {
  const names = [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const paramFields = fieldsOf(r.kit?.params);
  const paramArb = fc.record(
    Object.fromEntries(
      names.map((n) => {
        const f = paramFields.find(([k]) => k === n)?.[1];
        return [n, fc.oneof({ arbitrary: fc.constant(realParam(r.url, n)), weight: 3 }, { arbitrary: f ? fieldValue(f) : fc.constantFrom(...HOSTILE_STRINGS), weight: 2 })];
      }),
    ),
  );
  const query = objectOf(fieldsOf(r.kit?.query));
  const base = baseBody(r);
  const bodyFields = fieldsOf(r.kit?.body);
  const body: fc.Arbitrary<unknown> = bodyFields.length
    ? fc.oneof(
        { arbitrary: objectOf(bodyFields).map((o) => ({ ...(base ?? {}), ...o })), weight: 8 },
        { arbitrary: fc.constantFrom<unknown>([], [base ?? {}], 'text', 42, null, { ...(base ?? {}), extra: '\u0000' }), weight: 2 },
      )
    : fc.constant(undefined);
  return fc.record({ params: paramArb, query, body }).map(({ params, query: q, body: b }) => {
    const path = r.url.replace(/:(\w+)/g, (_m, n: string) => encodeSegment(params[n]));
    return { method: r.method, path: `${path}${queryString(q)}`, body: b === undefined ? undefined : JSON.stringify(b) };
  });
}

// ---- deterministic classes: every field, each class that once answered 500 -------------------------

const HIGH = 'a\ud800b';
const LOW = '\udc00';
const NUL = 'a\u0000b';
/** 1,000,000 characters: alone in a body it stays under the 1 MiB body limit and reaches validation. */
const MEGA = `mega${'q'.repeat(999_996)}`;
const STRINGS = { high: HIGH, low: LOW, nul: NUL, mega: MEGA } as const;
type StringClass = keyof typeof STRINGS;
/**
 * The same classes in a URL. UTF-8 has no encoding for a lone surrogate, so a path or query gets the
 * bytes a client would try (CESU-8): the router refuses them in a path (bad_url) and the query keeps
 * them as literal text. A 1 MB URL is refused by the HTTP parser (431).
 */
const IN_URL: Record<StringClass, string> = { high: 'a%ED%A0%80b', low: '%ED%B0%80', nul: 'a%00b', mega: 'q'.repeat(1_000_000) };
/** Raw JSON number texts: JSON.parse reads 1e309 as Infinity, 2^64 as a double past every bound, -0 as negative zero. */
const NUMBERS = { '1e309': '1e309', '2^64': '18446744073709551616', '-0': '-0' } as const;
const DEPTH = 10_000;
/** 10,000 levels as raw JSON text (JSON.parse is not recursive; nothing after it may be either). */
const DEEP_ARRAY = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(DEPTH)}"a\\ud800b"${'}'.repeat(DEPTH)}`;

type Seg = string | number;
interface Leaf {
  /** From the top of the params, query or body. */
  path: Seg[];
  kind: 'string' | 'number';
  /** Values that make the leaf's surroundings valid: the union option or array element it sits in. */
  fill: { at: Seg[]; value: unknown }[];
}

/** Every string and number leaf of a schema (zod 4 definitions), through objects, arrays, records and unions. */
function leavesOf(schema: ZodType | undefined, path: Seg[] = [], fill: Leaf['fill'] = [], depth = 0): Leaf[] {
  if (!schema || depth > 16) return [];
  const d = defOf(schema);
  const inner = (s: ZodType | undefined, p = path, f = fill) => leavesOf(s, p, f, depth + 1);
  switch (d.type) {
    case 'optional': case 'nullable': case 'default': case 'prefault': case 'readonly': case 'catch': case 'nonoptional':
      return inner(d.innerType);
    case 'pipe':
      return inner(defOf(d.in!).type === 'transform' ? d.out : d.in);
    case 'object':
      return Object.entries((schema as unknown as { shape: Record<string, ZodType> }).shape).flatMap(([k, f]) => inner(f, [...path, k]));
    case 'intersection':
      return [...inner(d.left), ...inner(d.right)];
    case 'array': {
      const el = validValue(d.element!);
      return inner(d.element, [...path, 0], el === undefined ? fill : [...fill, { at: [...path, 0], value: el }]);
    }
    case 'record':
      return inner(d.valueType, [...path, 'fuzz']);
    case 'union':
      return (d.options ?? []).flatMap((o) => {
        const v = validValue(o);
        return inner(o, path, v !== null && typeof v === 'object' ? [...fill, { at: path, value: v }] : fill);
      });
    case 'number': case 'int': case 'bigint':
      return [{ path, kind: 'number', fill }];
    case 'string': case 'enum': case 'template_literal':
      return [{ path, kind: 'string', fill }];
    case 'literal':
      return d.values?.every((v) => typeof v === 'string') ? [{ path, kind: 'string', fill }] : [];
    default:
      return [];
  }
}

/** The leaves of a schema, one per path and kind (a union of a string and a list gives both). */
function uniqueLeaves(schema: ZodType | undefined): Leaf[] {
  const seen = new Map<string, Leaf>();
  for (const l of leavesOf(schema)) if (l.path.length > 0) seen.set(`${l.kind} ${l.path.join('.')}`, seen.get(`${l.kind} ${l.path.join('.')}`) ?? l);
  return [...seen.values()];
}

function setAt(root: Record<string, unknown>, path: Seg[], value: unknown): void {
  let o = root as Record<Seg, unknown>;
  for (let i = 0; i < path.length - 1; i++) {
    const next = o[path[i]];
    if (next === null || typeof next !== 'object') o[path[i]] = typeof path[i + 1] === 'number' ? [] : {};
    o = o[path[i]] as Record<Seg, unknown>;
  }
  o[path[path.length - 1]] = value;
}

/** A placeholder replaced by raw JSON text after JSON.stringify (numbers JSON.stringify would rewrite). */
const RAW = '\u0001raw\u0001';
const withRaw = (json: string, raw: string) => json.replaceAll(JSON.stringify(RAW), raw);

/** The route's base body with `value` at each of `leaves` (their surroundings filled in first). */
function bodyWith(r: IndexedRoute, leaves: Leaf[], value: unknown): Record<string, unknown> {
  const body = structuredClone(baseBody(r) ?? {});
  for (const l of leaves) {
    for (const f of l.fill) setAt(body, f.at, structuredClone(f.value));
    setAt(body, l.path, value);
  }
  return body;
}

interface Shape { r: IndexedRoute; params: string[]; query: Leaf[]; body: Leaf[] }

function shapeOf(r: IndexedRoute): Shape {
  const params = [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const hasBody = !!r.kit?.body && defOf(unwrap(r.kit.body)).type === 'object';
  return { r, params, query: uniqueLeaves(r.kit?.query).filter((l) => l.path.length === 1 || l.path[1] === 0), body: hasBody ? uniqueLeaves(r.kit!.body) : [] };
}

/** The route's path with real ids, or with `raw` (already URL text) for the params named. */
const pathOf = (r: IndexedRoute, raw: Record<string, string> = {}) =>
  r.url.replace(/:(\w+)/g, (_m, n: string) => raw[n] ?? encodeSegment(realParam(r.url, n)));

/** A query string of raw URL text per key. */
const rawQuery = (pairs: [string, string][]) => (pairs.length ? `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&')}` : '');

const queryKey = (l: Leaf) => String(l.path[0]);

// ---- the log: captured throughout, it must hold none of the values sent ------------------------------

let log = '';
const logStream = new Writable({
  write(chunk: Buffer, _enc, done) {
    log += chunk.toString();
    done();
  },
});

// ---- headers: what a client can put in the headers the server keeps ---------------------------------

/**
 * One raw HTTP/1.1 request: fetch refuses control characters in headers before sending, and keeps
 * writing a 1 MB URL the server has already answered. The answer's status and body (0 when none came).
 */
function rawAnswer(head: Buffer, body: string): Promise<{ status: number; text: string }> {
  const u = new URL(h.url);
  return new Promise((resolve) => {
    let got = '';
    const all = Buffer.concat([head, Buffer.from(body)]);
    // written in pieces, and no further once the answer has come
    const write = (at: number) => {
      if (at < all.length && got === '' && !s.destroyed) s.write(all.subarray(at, at + 16 * 1024), (err) => (err ? undefined : write(at + 16 * 1024)));
    };
    const s = connect(Number(u.port), u.hostname, () => write(0));
    const done = () => {
      s.destroy();
      const [headLines, ...rest] = got.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headLines)?.[1] ?? 0), text: Buffer.from(rest.join('\r\n\r\n'), 'latin1').toString() });
    };
    s.on('data', (c: Buffer) => {
      got += c.toString('latin1');
    });
    // the server closes once it has answered (Connection: close); writing on may fail with EPIPE
    // meanwhile, and 'close' follows that error
    s.on('error', () => undefined);
    s.on('close', done);
  });
}

// ---- import files ---------------------------------------------------------------------------------

const CELL = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 6000)),
  fc.constantFrom('12.99', '0', '-1', '1e400', '9999999999.99', '10000000000', '2147483648', '2024-03-15', 'Feb-31-24', 'Feb-29-23', '2024-02-30'),
  fc.string({ maxLength: 20 }),
);
const IMPORTS: { kind: string; header: string[]; delimiter: string; contentType: string }[] = [
  {
    kind: 'shopify-products', delimiter: ',', contentType: 'text/csv',
    header: ['Handle', 'Title', 'Variant SKU', 'Variant Price', 'Variant Inventory Qty', 'Variant Grams', 'Variant Compare At Price', 'Cost per item', 'Option1 Name', 'Option1 Value', 'Status'],
  },
  {
    kind: 'amazon-orders', delimiter: '\t', contentType: 'text/tab-separated-values',
    header: ['amazon-order-id', 'purchase-date', 'sku', 'quantity', 'currency', 'item-price', 'shipping-price', 'item-tax', 'order-status', 'buyer-name',
      'recipient-name', 'ship-address-1', 'ship-city', 'ship-state', 'ship-postal-code', 'ship-country'],
  },
  {
    kind: 'ebay-orders', delimiter: ',', contentType: 'text/csv',
    header: ['Order Number', 'Custom Label', 'Quantity', 'Sold For', 'Sale Date', 'Shipping And Handling', 'Buyer Name',
      'Ship To Name', 'Ship To Address 1', 'Ship To City', 'Ship To State', 'Ship To Zip', 'Ship To Country'],
  },
];
/** A plausible row per format, so a single hostile cell is what decides the answer. */
const GOOD: Record<string, string[]> = {
  'shopify-products': ['fuzz-item', 'Fuzz', 'FUZZ-CSV-1', '12.99', '3', '100', '', '', '', '', 'active'],
  'amazon-orders': ['111-0000000-0000001', '2024-03-15', 'FUZZ-CSV-1', '1', 'USD', '12.99', '0', '0', 'shipped', 'Fuzz', 'Fuzz', '1 Fuzz Street', 'Austin', 'TX', '78701', 'US'],
  'ebay-orders': ['10-00000-00001', 'FUZZ-CSV-1', '1', '12.99', 'Mar-15-24', '0', 'Fuzz', 'Fuzz', '1 Fuzz Street', 'Austin', 'TX', '78701', 'United States'],
};

// ---- the test ---------------------------------------------------------------------------------------

beforeAll(async () => {
  h = await startServer({}, { logStream });
  headers = await headersFor(h, ADMIN);
  const product = (await callAs(h, ADMIN, 'GET', '/api/products?limit=1')).body.data[0];
  real.product = product.id;
  const variants = (await callAs(h, ADMIN, 'GET', `/api/products/${product.id}/variants`)).body.data;
  real.variant = variants[0]?.id ?? '00000000-0000-0000-0000-000000000001';
  real.supplier = (await callAs(h, ADMIN, 'GET', '/api/suppliers?limit=1')).body.data[0].id;
  real.order = (await callAs(h, ADMIN, 'GET', '/api/orders?limit=1')).body.data[0].id;
  real.marketplace = (await callAs(h, ADMIN, 'GET', '/api/marketplaces?limit=1')).body.data[0]?.id ?? '00000000-0000-0000-0000-000000000003';
  real.listing = (await callAs(h, ADMIN, 'GET', '/api/listings?limit=1')).body.data[0]?.id ?? '00000000-0000-0000-0000-000000000004';
  const rule = await callAs(h, ADMIN, 'POST', '/api/pricing/rules', { name: 'Fuzz rule', strategy: 'hold', mode: 'proposals' });
  real.rule = rule.body.data?.id ?? (await callAs(h, ADMIN, 'GET', '/api/pricing/rules?limit=1')).body.data?.[0]?.id ?? '00000000-0000-0000-0000-000000000005';
  const hook = await callAs(h, ADMIN, 'POST', '/api/webhooks', { url: 'http://127.0.0.1:9/hook', subjects: ['orders.*'] });
  real.webhook = hook.body.data?.id ?? '00000000-0000-0000-0000-000000000002';
}, 180_000);
afterAll(async () => h?.close());

describe('every API route, hostile input', () => {
  it('lists the routes of every module with their schemas', () => {
    const api = listRoutes(h.app).filter((r) => r.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(30);
    expect(api.find((r) => r.method === 'POST' && r.url === '/api/products')?.kit?.body).toBeDefined();
    expect(ACCOUNTS.some((a) => a.email === ADMIN)).toBe(true);
  });

  it('starts most write routes from a body their schema accepts, so single hostile fields reach the handlers', () => {
    // JSON object bodies (the import routes take a file)
    const bodies = listRoutes(h.app).filter((r) => r.url.startsWith('/api/') && r.kit?.body && defOf(unwrap(r.kit.body)).type === 'object' && !SKIP.some((s) => s.test(r.url)));
    const valid = bodies.filter((r) => { const b = baseBody(r); return b !== undefined && r.kit!.body!.safeParse(b).success; });
    const missing = bodies.filter((r) => !valid.includes(r)).map((r) => `${r.method} ${r.url}`);
    expect(valid.length / bodies.length, `no valid base body: ${missing.join(', ')}`).toBeGreaterThanOrEqual(0.85);
  });

  const fuzzedRoutes = () => listRoutes(h.app).filter((r) => r.url.startsWith('/api/') && r.kit && !SKIP.some((s) => s.test(r.url)));

  it('a lone surrogate in any body field or key is the same 400 naming the field', async () => {
    let fields = 0;
    for (const { r, body } of fuzzedRoutes().map(shapeOf)) {
      if (!r.kit?.body) continue;
      // one request per field, high and low surrogates by turns (each class also goes to every field at once below)
      for (const l of body.filter((x) => x.kind === 'string')) {
        const value = fields++ % 2 === 0 ? HIGH : LOW;
        const req: Sent = { method: r.method, path: pathOf(r), body: JSON.stringify(bodyWith(r, [l], value)) };
        const res = await check(req);
        expect(res.status, `${labelOf(req)} → ${res.text.slice(0, 300)}`).toBe(400);
        const answer = JSON.parse(res.text) as { code: string; details: unknown };
        expect(answer.code).toBe('validation_failed');
        expect(answer.details, labelOf(req)).toEqual([{ field: l.path.join('.'), message: SURROGATE_MESSAGE, code: 'invalid_string' }]);
      }
      // an object key, next to a valid body
      const keyed: Sent = { method: r.method, path: pathOf(r), body: JSON.stringify({ ...(baseBody(r) ?? {}), [`k${fields % 2 ? HIGH : LOW}`]: 1 }) };
      const res = await check(keyed);
      expect(res.status, labelOf(keyed)).toBe(400);
      expect((JSON.parse(res.text) as { message: string }).message).toContain(SURROGATE_MESSAGE);
    }
    expect(fields).toBeGreaterThan(100);
  }, 120_000);

  it('every route, each class at once in all its fields: NUL, lone surrogates, 1 MB strings, huge numbers, deep nesting', async () => {
    for (const { r, params, query, body } of fuzzedRoutes().map(shapeOf)) {
      const base = r.kit?.body ? JSON.stringify(baseBody(r) ?? {}) : undefined;
      for (const cls of Object.keys(STRINGS) as StringClass[]) {
        if (params.length) await check({ method: r.method, path: pathOf(r, Object.fromEntries(params.map((p) => [p, IN_URL[cls]]))), body: base });
        const keys = [...new Set(query.filter((l) => l.kind === 'string').map(queryKey))];
        if (keys.length) await check({ method: r.method, path: `${pathOf(r)}${rawQuery(keys.map((k) => [k, IN_URL[cls]]))}`, body: base });
        const strings = body.filter((l) => l.kind === 'string');
        // a million characters in every field is only the body limit's 413: the next test sends it to each field alone
        if (strings.length && cls !== 'mega') {
          const res = await check({ method: r.method, path: pathOf(r), body: JSON.stringify(bodyWith(r, strings, STRINGS[cls])) });
          expect(res.status, `${r.method} ${r.url} ${cls}`).toBe(400);
        }
      }
      for (const raw of Object.values(NUMBERS)) {
        const nums = body.filter((l) => l.kind === 'number');
        if (nums.length) await check({ method: r.method, path: pathOf(r), body: withRaw(JSON.stringify(bodyWith(r, nums, RAW)), raw) });
        const keys = [...new Set(query.filter((l) => l.kind === 'number').map(queryKey))];
        if (keys.length) await check({ method: r.method, path: `${pathOf(r)}${rawQuery(keys.map((k) => [k, raw]))}`, body: base });
        if (params.length) await check({ method: r.method, path: pathOf(r, Object.fromEntries(params.map((p) => [p, raw]))), body: base });
      }
      if (r.kit?.body) {
        // the text guard refuses a body nested past 64 levels before walking it further
        for (const deep of [DEEP_ARRAY, DEEP_OBJECT]) {
          expect((await check({ method: r.method, path: pathOf(r), body: deep })).status, `${r.method} ${r.url} deep`).toBe(400);
        }
        // and as the value of every top-level field of a valid body
        const top = Object.keys(baseBody(r) ?? {});
        if (top.length) {
          const o = Object.fromEntries(top.map((k) => [k, RAW]));
          expect((await check({ method: r.method, path: pathOf(r), body: withRaw(JSON.stringify(o), DEEP_ARRAY) })).status).toBe(400);
        }
      } else if (r.method !== 'GET') {
        for (const deep of [DEEP_ARRAY, DEEP_OBJECT]) await check({ method: r.method, path: pathOf(r), body: deep });
      }
    }
  }, 120_000);

  it('every body field alone, where another field cannot mask it: a 1 MB string, 2^64', async () => {
    for (const { r, body } of fuzzedRoutes().map(shapeOf)) {
      for (const l of body) {
        const req: Sent =
          l.kind === 'string'
            ? { method: r.method, path: pathOf(r), body: JSON.stringify(bodyWith(r, [l], MEGA)) }
            : { method: r.method, path: pathOf(r), body: withRaw(JSON.stringify(bodyWith(r, [l], RAW)), NUMBERS['2^64']) };
        await check(req);
      }
    }
  }, 120_000);

  it('headers the server keeps (Idempotency-Key, X-Correlation-Id, X-Causation-Id, X-Tenant-Id, User-Agent): control characters and any length, never a 5xx', async () => {
    const body = JSON.stringify({ name: 'Header fuzz' });
    const head = (name: string, value: Buffer) =>
      Buffer.concat([
        Buffer.from(`POST /api/suppliers HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`),
        Buffer.from(Object.entries(headers).filter(([k]) => ![name.toLowerCase(), 'content-type'].includes(k.toLowerCase())).map(([k, v]) => `${k}: ${v}\r\n`).join('')),
        Buffer.from(`${name}: `), value, Buffer.from('\r\nConnection: close\r\n\r\n'),
      ]);
    const values = [
      Buffer.from('a\u0000b', 'latin1'), Buffer.from('a\u0001b', 'latin1'), Buffer.from('a\u001bb', 'latin1'), Buffer.from('a\u007fb', 'latin1'),
      Buffer.from([0x61, 0xed, 0xa0, 0x80, 0x62]), Buffer.from([0xc0, 0xff, 0xfe]), Buffer.from('x'.repeat(8000)),
      // 12 kB that do not compress: past what one btree index entry holds (2,704 bytes)
      Buffer.from(randomBytes(6000).toString('hex')),
    ];
    for (const name of ['Idempotency-Key', 'X-Correlation-Id', 'X-Causation-Id', 'X-Tenant-Id', 'User-Agent']) {
      for (const v of values) {
        const before = await writes();
        const { status } = await rawAnswer(head(name, v), body);
        expect(status, `${name}: ${JSON.stringify(v.toString('latin1').slice(0, 40))}`).toBeGreaterThanOrEqual(200);
        expect(status, `${name}: ${JSON.stringify(v.toString('latin1').slice(0, 40))}`).toBeLessThan(500);
        if (status >= 400) expect(await writes(), `${name} wrote on ${status}`).toBe(before);
      }
    }
  }, 60_000);

  it('never answers 5xx, and a 4xx writes nothing', async () => {
    const fuzzed = fuzzedRoutes().filter((r) => r.kit!.params || r.kit!.query || r.kit!.body);
    expect(fuzzed.length).toBeGreaterThan(25);
    for (const r of fuzzed) {
      await fc.assert(fc.asyncProperty(requestArb(r), async (req) => void (await check(req))), { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261123), endOnFailure: true });
    }
  }, 120_000);

  it('import files with hostile cells are row errors, never 5xx', async () => {
    for (const imp of IMPORTS) {
      const arb = fc.record({
        column: fc.integer({ min: 0, max: imp.header.length - 1 }),
        cell: CELL,
        dry: fc.boolean(),
      });
      await fc.assert(
        fc.asyncProperty(arb, async ({ column, cell, dry }) => {
          const row = [...GOOD[imp.kind]];
          row[column] = cell;
          const text = Papa.unparse({ fields: imp.header, data: [row] }, { delimiter: imp.delimiter, quotes: imp.delimiter === ',' });
          await check({ method: 'POST', path: `/api/imports/${imp.kind}?mode=sync&dry_run=${dry}`, body: text, contentType: imp.contentType });
        }),
        { numRuns: RUNS * 2, seed: 7, endOnFailure: true },
      );
    }
  }, 120_000);

  it('an import file given as a JSON string: a lone surrogate or a NUL in any cell is a row error naming its column', async () => {
    for (const imp of IMPORTS) {
      for (let column = 0; column < imp.header.length; column++) {
        for (const cls of ['high', 'low', 'nul'] as const) {
          const row = [...GOOD[imp.kind]];
          row[column] = STRINGS[cls];
          const text = Papa.unparse({ fields: imp.header, data: [row] }, { delimiter: imp.delimiter, quotes: imp.delimiter === ',' });
          const res = await check({ method: 'POST', path: `/api/imports/${imp.kind}?mode=sync`, body: JSON.stringify(text) });
          const label = `${imp.kind} ${imp.header[column]} ${cls}`;
          expect(res.status, `${label} → ${res.text.slice(0, 300)}`).toBe(400);
          const errors = (JSON.parse(res.text) as { details: { errors: { row: number; column: string; reason: string }[] } }).details.errors;
          expect(errors, label).toContainEqual({ row: 2, column: imp.header[column], reason: expect.stringMatching(cls === 'nul' ? /NUL/ : /unpaired surrogate/) });
        }
      }
    }
  }, 60_000);

  it('the auth entry points refuse a lone surrogate or a NUL in any body field or key with the same 400', async () => {
    const targets = ['/auth/v1/otp', '/auth/v1/token?grant_type=pkce', '/auth/v1/token?grant_type=refresh_token', '/auth/v1/logout', '/auth/v1/signup'];
    for (const target of targets) {
      for (const cls of ['high', 'low', 'nul'] as const) {
        for (const field of ['email', 'code_challenge', 'auth_code', 'code_verifier', 'refresh_token', `key${STRINGS[cls]}`]) {
          const body = field.startsWith('key') ? { [field]: 'x' } : { email: 'fuzz@example.com', [field]: STRINGS[cls] };
          const res = await fetch(`${h.url}${target}`, { method: 'POST', headers: { ...anonHeaders(h), 'content-type': 'application/json' }, body: JSON.stringify(body) });
          const text = await res.text();
          expect(res.status, `${target} ${field} ${cls} → ${text.slice(0, 300)}`).toBe(400);
          expect(text, `${target} ${field} ${cls}`).toContain(cls === 'nul' ? NUL_MESSAGE : SURROGATE_MESSAGE);
        }
      }
    }
  }, 60_000);

  it('the auth entry points answer hostile bodies and queries below 500', async () => {
    const anyValue = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 6000)), fc.constantFrom(...HOSTILE_NUMBERS), fc.constantFrom(...HOSTILE_OTHER));
    const arb = fc.record({
      target: fc.constantFrom('/auth/v1/otp', '/auth/v1/token?grant_type=pkce', '/auth/v1/token?grant_type=refresh_token', '/auth/v1/verify', '/auth/v1/logout'),
      body: fc.record({ email: anyValue, code_challenge: anyValue, auth_code: anyValue, code_verifier: anyValue, refresh_token: anyValue, token: anyValue, type: anyValue }, { requiredKeys: [] }),
      redirect: anyValue,
    });
    await fc.assert(
      fc.asyncProperty(arb, async ({ target, body, redirect }) => {
        const sep = target.includes('?') ? '&' : '?';
        const path = `${target}${sep}${new URLSearchParams({ redirect_to: String(asQueryValue(redirect)).replace(/[\ud800-\udfff]/g, '?') })}`;
        const method = target === '/auth/v1/verify' ? 'GET' : 'POST';
        const res = await fetch(`${h.url}${path}${method === 'GET' ? `&${new URLSearchParams({ token: String(asQueryValue(body.token ?? '')).replace(/[\ud800-\udfff]/g, '?'), type: 'magiclink' })}` : ''}`, {
          method,
          redirect: 'manual',
          headers: anonHeaders(h),
          body: method === 'GET' ? undefined : JSON.stringify(body),
        });
        expect(res.status, `${method} ${path} ${JSON.stringify(body).slice(0, 200)} → ${(await res.text()).slice(0, 300)}`).toBeLessThan(500);
      }),
      { numRuns: RUNS * 4, seed: 11, endOnFailure: true },
    );
  }, 60_000);

  it('the server log holds none of the values sent (no request data in the log, whatever the answer)', async () => {
    await new Promise((r) => setImmediate(r));
    // the log was captured: every request is in it, by method and URL
    expect(log).toContain('"msg":"incoming request"');
    expect(log).toContain('/api/suppliers');
    // a value as a JSON log line would hold it (pino escapes NUL and lone surrogates; UTF-8 output would turn a raw one into U+FFFD)
    const forms = [HIGH, LOW, NUL].map((v) => JSON.stringify(v).slice(1, -1));
    for (const f of forms) expect(log.includes(f), `log holds ${f}`).toBe(false);
    expect(log.includes('\ufffd'), 'log holds U+FFFD').toBe(false);
    expect(log.includes('q'.repeat(100)), 'log holds the 1 MB string').toBe(false);
    // the access log writes each request's URL; warnings and errors hold no request values at all
    const alarms = log.split('\n').filter((l) => /"level":(40|50|60)/.test(l));
    for (const l of alarms) for (const v of Object.values(IN_URL)) expect(l.includes(v.slice(0, 100)), l.slice(0, 300)).toBe(false);
  });

  it('money stays consistent after all of it: refunds within what was paid, returns within what was sold', async () => {
    await assertMoneyInvariants(h);
  });
});
