/**
 * A search page found by walking the sort's index (docs/performance.md "Listings",
 * `PageRequest.walk`): whether the walk fills the page, runs out of its bound and gathers every
 * match instead, or the rows run out, paging through a search with cursors answers exactly the
 * matching rows in the list's order, each once; and the API's search answers the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';
import { fetchPage } from '../../server/api/list-kit/paging';
import { searchWalk } from '../../server/api/list-kit/search-query';

let h: Harness;
const T = DEMO_TENANT.id;
const q = <R>(sql: string, args: unknown[] = []) => h.db.transaction(async (tx) => (await tx.query<R>(sql, args)).rows, { tenantId: T });

/** Every id of a search through fetchPage's walk, page after page (at most 200 pages). */
async function walkAll(word: string, limit: number, bound: number, order: 'asc' | 'desc'): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < 200; n++) {
    const page = await h.db.transaction(async (tx) => {
      const w = { params: [T] as unknown[] };
      const walk = { ...searchWalk('l', w, `${word}:*`), bound };
      return fetchPage(tx, {
        from: 'listings l', select: 'l.id', where: ['l.tenant_id = $1'], params: w.params,
        sort: { columns: ['l.created_at', 'l.id'], types: ['timestamptz', 'uuid'] }, order, limit, offset: 0, cursor,
        json: 'l.id as "id"', keysFirst: true, walk, customPlan: true,
      });
    }, { tenantId: T });
    ids.push(...(JSON.parse(page.json!) as { id: string }[]).map((r) => r.id));
    if (!page.nextCursor) return ids;
    cursor = page.nextCursor;
  }
  throw new Error('no end');
}

let common: string;
let rare: string;

beforeAll(async () => {
  h = await startServer();
  // the most and the least frequent title word among the demo store's listings
  const words = await q<{ w: string; n: string }>(
    `select w, count(*) as n from listings, regexp_split_to_table(lower(title), '[^a-z0-9]+') w where tenant_id = $1 and length(w) > 3 group by w order by count(*) desc, w`,
    [T],
  );
  common = words[0].w;
  rare = words[words.length - 1].w;
}, 300_000);
afterAll(async () => h?.close());

describe('a search page walked in the sort\'s order', () => {
  it('pages through exactly the matching rows, in order, however the walk ends', async () => {
    const total = Number((await q<{ n: string }>('select count(*) as n from listings where tenant_id = $1', [T]))[0].n);
    expect(total).toBeGreaterThan(10);
    for (const word of [common, rare]) {
      for (const order of ['desc', 'asc'] as const) {
        const expected = (await q<{ id: string }>(
          `select id from listings where tenant_id = $1 and search @@ to_tsquery('simple', $2) order by created_at ${order}, id ${order}`, [T, `${word}:*`],
        )).map((r) => String(r.id));
        expect(expected.length).toBeGreaterThan(0);
        // a bound of 1 ends the walk at once (gathered), 3 mid-way, 100,000 never
        for (const bound of [1, 3, 100_000]) {
          for (const limit of [1, 2, 5, 50]) {
            expect([word, order, bound, limit, await walkAll(word, limit, bound, order)]).toEqual([word, order, bound, limit, expected]);
          }
        }
      }
    }
  });

  it('the API\'s search answers the same rows, first page and the next', async () => {
    const expected = (await q<{ id: string }>(
      `select id from listings where tenant_id = $1 and search @@ to_tsquery('simple', $2) order by created_at desc, id desc`, [T, `${common}:*`],
    )).map((r) => String(r.id));
    const first = await callAs(h, 'seller@demo.local', 'GET', `/api/listings?limit=2&search=${common}`);
    expect(first.status).toBe(200);
    expect(first.body.data.map((l: { id: string }) => l.id)).toEqual(expected.slice(0, 2));
    expect(first.body.pagination.total).toBe(expected.length);
    if (expected.length > 2) {
      const next = await callAs(h, 'seller@demo.local', 'GET', `/api/listings?limit=2&search=${common}&cursor=${encodeURIComponent(first.body.pagination.next_cursor)}`);
      expect(next.body.data.map((l: { id: string }) => l.id)).toEqual(expected.slice(2, 4));
    }
  });
});
