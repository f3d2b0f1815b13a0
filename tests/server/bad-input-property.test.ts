/**
 * Bad input never answers 500 (docs/api-conventions.md "Bad input"): a property-based walk over
 * every API route the route kit registered (server/api/route-index.ts), with random, boundary and
 * hostile values for each field of its params, query and body schemas (contract/*.ts), plus the
 * import files' cells and the /auth/v1 entry points. Every answer must be below 500 and, when it is
 * a 4xx, must have written nothing: the tenant's audit rows and outbox events stay as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Papa from 'papaparse';
import type { ZodType } from 'zod';
import { startServer, type Harness } from './harness';
import { anonHeaders } from './auth-kit';
import { ACCOUNTS, DEMO_TENANT, callAs, headersFor } from './tokens';
import { listRoutes, type IndexedRoute } from '../../server/api/route-index';

const ADMIN = 'admin@demo.local';
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
/** Streams stay open on success; exports are the lists' schemas again, streamed. */
const SKIP = [/^\/api\/stream(\/|$)/, /export\.csv$/];

let h: Harness;
let headers: Record<string, string>;
const real: Record<string, string> = {};

// ---- schema introspection (zod 4 definitions) -------------------------------------------------

type Def = { type: string; innerType?: ZodType; in?: ZodType; out?: ZodType; left?: ZodType; right?: ZodType; element?: ZodType; options?: ZodType[]; format?: string; entries?: Record<string, string> };
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

async function writes(): Promise<string> {
  const { rows } = await h.db.query<{ a: number; e: number }>(
    'select (select count(*) from audit_log where tenant_id = $1)::int as a, (select count(*) from events where tenant_id = $1)::int as e',
    [DEMO_TENANT.id],
  );
  return `audit ${rows[0].a}, events ${rows[0].e}`;
}

interface Sent { method: string; path: string; body?: string; contentType?: string }

async function send(req: Sent): Promise<{ status: number; text: string }> {
  const res = await fetch(`${h.url}${req.path}`, {
    method: req.method,
    headers: { ...headers, 'content-type': req.contentType ?? 'application/json', 'idempotency-key': '' },
    body: req.body,
  });
  return { status: res.status, text: await res.text() };
}

/** Sends one request; fails on a 5xx, on a 4xx that wrote, or on a 4xx not in the error shape. */
async function check(req: Sent): Promise<void> {
  const before = await writes();
  const res = await send(req);
  const label = `${req.method} ${req.path.slice(0, 300)} ${req.body?.slice(0, 300) ?? ''}`;
  expect(res.status, `${label} → ${res.text.slice(0, 500)}`).toBeLessThan(500);
  if (res.status >= 400) {
    expect(await writes(), `${label} wrote on ${res.status}`).toBe(before);
    const body = JSON.parse(res.text) as { message?: unknown; code?: unknown };
    expect(typeof body.message === 'string' && typeof body.code === 'string', `${label}: ${res.text.slice(0, 300)}`).toBe(true);
  }
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
    header: ['amazon-order-id', 'purchase-date', 'sku', 'quantity', 'currency', 'item-price', 'shipping-price', 'item-tax', 'order-status', 'buyer-name'],
  },
  {
    kind: 'ebay-orders', delimiter: ',', contentType: 'text/csv',
    header: ['Order Number', 'Custom Label', 'Quantity', 'Sold For', 'Sale Date', 'Shipping And Handling', 'Buyer Name'],
  },
];
/** A plausible row per format, so a single hostile cell is what decides the answer. */
const GOOD: Record<string, string[]> = {
  'shopify-products': ['fuzz-item', 'Fuzz', 'FUZZ-CSV-1', '12.99', '3', '100', '', '', '', '', 'active'],
  'amazon-orders': ['111-0000000-0000001', '2024-03-15', 'FUZZ-CSV-1', '1', 'USD', '12.99', '0', '0', 'shipped', 'Fuzz'],
  'ebay-orders': ['10-00000-00001', 'FUZZ-CSV-1', '1', '12.99', 'Mar-15-24', '0', 'Fuzz'],
};

// ---- the test ---------------------------------------------------------------------------------------

beforeAll(async () => {
  h = await startServer();
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

  it('never answers 5xx, and a 4xx writes nothing', async () => {
    const routes = listRoutes(h.app).filter((r) => r.url.startsWith('/api/') && r.kit && !SKIP.some((s) => s.test(r.url)));
    const fuzzed = routes.filter((r) => r.kit!.params || r.kit!.query || r.kit!.body);
    expect(fuzzed.length).toBeGreaterThan(25);
    for (const r of fuzzed) {
      await fc.assert(fc.asyncProperty(requestArb(r), check), { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261123), endOnFailure: true });
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
});
