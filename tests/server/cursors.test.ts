/**
 * Keyset cursors over every list that returns one (docs/api-conventions.md "Lists"): found by walking
 * the registered GET routes (server/api/route-index.ts), each followed by `next_cursor` to its end —
 * every row once, no loop — in both orders; a malformed, edited or foreign cursor is a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs } from './tokens';
import { listRoutes } from '../../server/api/route-index';

let h: Harness;
const ADMIN = 'admin@demo.local';
const get = (path: string) => callAs(h, ADMIN, 'GET', path);
/** Lists answering `pagination.next_cursor`, with their totals. */
const cursorLists: { url: string; total: number }[] = [];

beforeAll(async () => {
  h = await startServer();
  const lists = listRoutes(h.app).filter((r) => r.method === 'GET' && r.url.startsWith('/api/') && !r.url.includes(':') && !/export\.csv$|^\/api\/stream(\/|$)/.test(r.url));
  for (const r of lists) {
    const res = await get(`${r.url}?limit=1`);
    if (res.status === 200 && res.body?.pagination && 'next_cursor' in res.body.pagination) cursorLists.push({ url: r.url, total: res.body.pagination.total });
  }
}, 180_000);
afterAll(async () => h?.close());

async function walk(url: string, limit: number, order: 'asc' | 'desc', total: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  const maxPages = Math.ceil(total / limit) + 2;
  for (let page = 0; page < maxPages; page++) {
    const res = await get(`${url}?limit=${limit}&order=${order}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    seen.push(...res.body.data.map((r: { id: string }) => String(r.id)));
    cursor = res.body.pagination.next_cursor;
    if (!cursor) return seen;
  }
  throw new Error(`${url}: still a next_cursor after ${maxPages} pages (a loop)`);
}

describe('every list with a cursor', () => {
  it('finds the keyset lists (products, orders, suppliers among them)', () => {
    const urls = cursorLists.map((l) => l.url);
    expect(urls).toEqual(expect.arrayContaining(['/api/products', '/api/orders', '/api/me/orders', '/api/suppliers']));
  });

  it('following next_cursor visits every row once and ends, in both orders', async () => {
    for (const { url, total } of cursorLists) {
      const limit = Math.max(4, Math.ceil(total / 12));
      for (const order of ['desc', 'asc'] as const) {
        const ids = await walk(url, limit, order, total);
        expect(new Set(ids).size, `${url} ${order}: repeats`).toBe(ids.length);
        expect(ids.length, `${url} ${order}`).toBe(total);
      }
    }
  }, 120_000);

  it('a malformed, edited or foreign cursor is a 400 invalid_cursor', async () => {
    const cursors = new Map<string, string>();
    for (const { url } of cursorLists) {
      const next = (await get(`${url}?limit=1`)).body.pagination.next_cursor as string | null;
      if (next) cursors.set(url, next);
    }
    // the seeded catalogue, orders and suppliers have more than one row each
    expect(cursors.size).toBeGreaterThanOrEqual(3);
    for (const { url } of cursorLists) {
      const own = cursors.get(url);
      const forged: string[] = [];
      if (own) {
        const decoded = JSON.parse(Buffer.from(own, 'base64url').toString('utf8')) as unknown[];
        forged.push(
          Buffer.from(JSON.stringify([decoded[0], ...decoded.slice(1).map(() => 'x\u0000')])).toString('base64url'), // edited values
          Buffer.from(JSON.stringify(decoded.slice(0, -1))).toString('base64url'), // wrong arity
          Buffer.from(JSON.stringify(decoded.slice(1))).toString('base64url'), // no tag
        );
      }
      const foreign = [...cursors].find(([u, c]) => u !== url && c !== own && !(u.endsWith('/orders') && url.endsWith('/orders')))?.[1];
      for (const bad of ['not-a-cursor', '!!!', 'e30', ...forged, ...(foreign ? [foreign] : [])]) {
        const res = await get(`${url}?limit=2&cursor=${encodeURIComponent(bad)}`);
        expect(res.status, `${url} with cursor ${bad}`).toBe(400);
        expect(['invalid_cursor', 'validation_failed']).toContain(res.body.code);
        expect(res.body.errors).toEqual({ cursor: expect.any(String) });
      }
      // a cursor of another sort of the same list
      const sorts: Record<string, string> = { '/api/products': 'title', '/api/suppliers': 'name', '/api/orders': 'total', '/api/me/orders': 'total' };
      if (sorts[url] && own) {
        const res = await get(`${url}?limit=2&sort=${sorts[url]}&cursor=${own}`);
        expect(res.status, `${url} sort=${sorts[url]} with the default sort's cursor`).toBe(400);
        expect(res.body.code).toBe('invalid_cursor');
      }
    }
  });

  it('the suppliers list honours its cursor (page 2 follows page 1)', async () => {
    const first = await get('/api/suppliers?limit=5&sort=name&order=asc');
    const second = await get(`/api/suppliers?limit=5&sort=name&order=asc&cursor=${first.body.pagination.next_cursor}`);
    const byOffset = await get('/api/suppliers?limit=5&sort=name&order=asc&offset=5');
    expect(second.body.data.map((s: { id: string }) => s.id)).toEqual(byOffset.body.data.map((s: { id: string }) => s.id));
    expect(second.body.data[0].id).not.toBe(first.body.data[0].id);
  });
});
