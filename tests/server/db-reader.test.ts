/**
 * Db.reader (GET handlers): one round trip per read, the values written as literals. It must answer
 * exactly what the same statement with parameters answers in a transaction, and row-level security
 * must hold for its tenant alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { DEMO_TENANT, NORTHWIND_TENANT } from './tokens';

let h: Harness;
beforeAll(async () => {
  h = await startServer();
});
afterAll(async () => h?.close());

const A = { tenantId: DEMO_TENANT.id };
const B = { tenantId: NORTHWIND_TENANT.id };

describe('Db.reader', () => {
  const awkward: [string, string, unknown][] = [
    ['text with quotes', 'select $1::text as v', "O'Brien \"Jr\" -- not a comment"],
    ['backslashes and unicode', 'select $1::text as v', 'C:\\path\\n ünïcødé ✓ 𝄞'],
    ['a $n inside a value', 'select $1::text as v, $2::text as w', ['$2 stays', 'second']],
    ['array with commas, quotes, nulls', 'select $1::text[] as v', ['a,b', 'say "hi"', null, "it's", 'back\\slash', '']],
    ['numbers', 'select $1::int + 1 as v, $2::numeric as w', [41, 12.5]],
    ['timestamp', 'select $1::timestamptz as v', new Date('2026-03-04T05:06:07.891Z')],
    ['json', 'select $1::jsonb as v', { a: ["it's", 1, null], b: { c: '\\' } }],
    ['null', 'select $1::text is null as v', null],
    ['untyped parameter in a comparison', "select count(*)::int as v from orders where status = $1 and created_at < $2", ['pending', new Date()]],
  ];
  for (const [name, sql, value] of awkward) {
    it(`answers like a parameterized statement: ${name}`, async () => {
      const params = Array.isArray(value) && sql.includes('$2') ? value : [value];
      const viaTx = await h.db.transaction((tx) => tx.query(sql, params), A);
      const viaReader = await h.db.reader(A).query(sql, params);
      expect(viaReader.rows).toEqual(viaTx.rows);
    });
  }

  it('sees only its own tenant, and falls back to a transaction for binary values', async () => {
    const count = (o: { tenantId: string }) => h.db.reader(o).query<{ n: number; t: string }>('select count(*)::int as n, min(tenant_id::text) as t from orders');
    const a = (await count(A)).rows[0];
    const b = (await count(B)).rows[0];
    expect(a).toEqual({ n: 2000, t: DEMO_TENANT.id });
    expect(b).toEqual({ n: 200, t: NORTHWIND_TENANT.id });
    // the settings end with the read: the pool's next plain query sees no tenant at all
    expect((await h.db.query<{ n: number }>('select count(*)::int as n from orders')).rows[0].n).toBe(0);
    const bin = await h.db.reader(A).query<{ n: number }>('select length($1::bytea)::int as n, (select count(*)::int from orders) as c', [Buffer.from([1, 2, 3])]);
    expect(bin.rows[0]).toEqual({ n: 3, c: 2000 });
  });

  it('reports a bad statement as an error and leaves the connection usable', async () => {
    await expect(h.db.reader(A).query('select * from no_such_table where id = $1', ['x'])).rejects.toThrow(/no_such_table/);
    expect((await h.db.reader(A).query<{ v: number }>('select $1::int as v', [7])).rows).toEqual([{ v: 7 }]);
  });
});
