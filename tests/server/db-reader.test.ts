/**
 * Db.reader (GET handlers): one round trip per read, the values written as literals. It must answer
 * exactly what the same statement with parameters answers in a transaction, and row-level security
 * must hold for its tenant alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { DEMO_TENANT, NORTHWIND_TENANT } from './tokens';
import { GENERIC_PLAN, statementName } from '../../server/db/prepared';

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

  describe('prepared with its generic plan (a statement marked GENERIC_PLAN)', () => {
    const page = `${GENERIC_PLAN}select count(*)::int as n, min(tenant_id::text) as t from orders where status = any($1::text[]) and created_at < $2`;
    const args = [['pending', 'paid', 'shipped', "it's"], new Date()];
    const prepared = async () =>
      (await h.db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements where name = $1', [statementName(page)])).rows[0].n;
    const plans = async () =>
      (await h.db.query<{ generic: number; custom: number }>(
        'select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name = $1', [statementName(page)])).rows[0];

    it('answers like a parameterized statement, for its own tenant only, and stays prepared', async () => {
      const viaTx = await h.db.transaction((tx) => tx.query(page, args), A);
      for (let i = 0; i < 3; i++) expect((await h.db.reader(A).query(page, args)).rows).toEqual(viaTx.rows);
      const b = (await h.db.reader(B).query<{ t: string }>(page, args)).rows[0];
      expect(b.t).toBe(NORTHWIND_TENANT.id);
      // PGlite has one session, so the statement shows there; a pool's connections each hold their own
      if (h.db.engine === 'pglite') {
        expect(await prepared()).toBe(1);
        // planned once, for any values: every run used the generic plan
        expect(await plans()).toEqual({ generic: 4, custom: 0 });
      }
    });

    it('prepares again when its session lost the statement', async () => {
      if (h.db.engine !== 'pglite') return; // one session to reach: PGlite's
      await h.db.reader(A).query(page, args);
      await h.db.query('deallocate all');
      expect(await prepared()).toBe(0);
      expect((await h.db.reader(A).query<{ t: string }>(page, args)).rows[0].t).toBe(DEMO_TENANT.id);
      expect(await prepared()).toBe(1);
    });

    it('runs a marked statement that cannot be prepared the inlined way', async () => {
      // a parameter whose type nothing tells: PREPARE refuses it, a literal is taken as text
      const odd = `${GENERIC_PLAN}select $1 || 'x' as v`;
      expect((await h.db.reader(A).query(odd, ['a'])).rows).toEqual([{ v: 'ax' }]);
      expect((await h.db.reader(A).query(odd, ['b'])).rows).toEqual([{ v: 'bx' }]);
    });

    it('reports an error of the statement itself', async () => {
      await expect(h.db.reader(A).query(`${GENERIC_PLAN}select * from orders where id = $1::int`, ['x'])).rejects.toThrow();
      await expect(h.db.reader(A).query(`${GENERIC_PLAN}select 1 / $1::int as v`, [0])).rejects.toThrow(/division by zero/);
      expect((await h.db.reader(A).query(`${GENERIC_PLAN}select 1 / $1::int as v`, [1])).rows).toEqual([{ v: 1 }]);
    });
  });

  it('reports a bad statement as an error and leaves the connection usable', async () => {
    await expect(h.db.reader(A).query('select * from no_such_table where id = $1', ['x'])).rejects.toThrow(/no_such_table/);
    expect((await h.db.reader(A).query<{ v: number }>('select $1::int as v', [7])).rows).toEqual([{ v: 7 }]);
  });
});
