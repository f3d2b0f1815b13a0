/**
 * The demo store's customers have email addresses (docs/commerce.md "Customer emails"), so
 * Compliance finds them (docs/governance.md "Compliance"): every seeded order carries its buyer's
 * address at example.com, derived from the name, repeat customers have several orders, the lookup by
 * one seeded address finds exactly that customer's orders of the caller's store (Northwind's orders
 * under the same address stay Northwind's), and an order a sandbox marketplace sells arrives with its
 * buyer's address too. On PGlite and (TEST_DATABASE_URL) on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT, NORTHWIND_TENANT } from './tokens';
import { demoCustomerEmail } from '../../server/domain/demo-customers';

let h: Harness;
const ADMIN = 'admin@demo.local';
const NW = 'owner@northwind.local';

beforeAll(async () => {
  h = await startServer();
}, 120_000);
afterAll(async () => h?.close());

const q = async <T>(tenantId: string, sql: string, params: unknown[] = []) => (await h.db.transaction((tx) => tx.query<T>(sql, params), { tenantId })).rows;

describe('the seeded demo customers', () => {
  it('every seeded order carries its buyer\'s email from the name, and repeat customers have several orders', async () => {
    for (const t of [DEMO_TENANT.id, NORTHWIND_TENANT.id]) {
      const rows = await q<{ customer_name: string; customer_email: string | null }>(t, 'select customer_name, customer_email from orders where tenant_id = $1', [t]);
      expect(rows.length).toBeGreaterThan(100);
      for (const r of rows) expect(r.customer_email, r.customer_name).toBe(demoCustomerEmail(r.customer_name));
    }
    const repeat = await q<{ n: number }>(DEMO_TENANT.id, 'select count(*)::int as n from orders where tenant_id = $1 group by customer_email having count(*) >= 4', [DEMO_TENANT.id]);
    expect(repeat.length).toBeGreaterThan(5);
  });

  it('the compliance lookup by one seeded email finds that customer\'s orders, of the caller\'s store only', async () => {
    const [top] = await q<{ email: string; n: number; names: string[] }>(
      DEMO_TENANT.id,
      `select customer_email as email, count(*)::int as n, array_agg(distinct customer_name) as names from orders
        where tenant_id = $1 group by customer_email order by count(*) desc, customer_email limit 1`,
      [DEMO_TENANT.id],
    );
    expect(top.n).toBeGreaterThan(3);
    // typed as a person would: case and spaces aside
    const r = await callAs(h, ADMIN, 'GET', `/api/governance/customers?email=${encodeURIComponent(` ${top.email.toUpperCase()} `)}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ email: top.email, found: true, counts: { orders: top.n, order_items: expect.any(Number) } });
    expect(r.body.data.names).toEqual(expect.arrayContaining(top.names));
    expect(r.body.data.counts.order_items).toBeGreaterThanOrEqual(top.n);
    expect(r.body.data.first_order_at).not.toBeNull();

    // Northwind's seed uses the same names: its lookup of the address finds its own orders, never the Demo Store's
    const [nw] = await q<{ n: number }>(NORTHWIND_TENANT.id, 'select count(*)::int as n from orders where tenant_id = $1 and customer_email = $2', [NORTHWIND_TENANT.id, top.email]);
    const theirs = await callAs(h, NW, 'GET', `/api/governance/customers?email=${encodeURIComponent(top.email)}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toMatchObject({ found: nw.n > 0, counts: { orders: nw.n } });
    expect(nw.n).toBeLessThan(top.n);

    // an address nobody in the seed has
    expect((await callAs(h, ADMIN, 'GET', '/api/governance/customers?email=nobody.at.all%40example.com')).body.data).toMatchObject({ found: false, counts: { orders: 0 } });
  });

  it('an order a sandbox marketplace sells arrives with its buyer\'s email, and the lookup finds it', async () => {
    const accounts = (await callAs(h, ADMIN, 'GET', '/api/marketplaces')).body.data as { id: string; kind: string; mode: string }[];
    const sandbox = accounts.filter((a) => a.mode === 'sandbox');
    expect(sandbox.length).toBeGreaterThan(0);
    const sbx = async () => q<{ id: string; customer_name: string; customer_email: string | null }>(
      DEMO_TENANT.id, "select id, customer_name, customer_email from orders where tenant_id = $1 and external_order_id like '%-SBX-%'", [DEMO_TENANT.id]);
    const before = (await sbx()).length;
    let sold = 0;
    for (let i = 0; i < 10 && sold === 0; i++) {
      for (const a of sandbox) {
        const t = await callAs(h, ADMIN, 'POST', `/api/marketplaces/${a.id}/sandbox/tick`, { ticks: 3 });
        expect(t.status, JSON.stringify(t.body)).toBe(200);
        sold += t.body.data.orders_created;
      }
    }
    expect(sold).toBeGreaterThan(0);
    // the sync consumer pulls them in the background
    let arrived: Awaited<ReturnType<typeof sbx>> = [];
    for (let i = 0; i < 100 && arrived.length <= before; i++) {
      arrived = await sbx();
      if (arrived.length <= before) await new Promise((r) => setTimeout(r, 200));
    }
    expect(arrived.length).toBeGreaterThan(before);
    for (const o of arrived) expect(o.customer_email, o.id).toBe(demoCustomerEmail(o.customer_name));
    const one = arrived[arrived.length - 1];
    const found = await callAs(h, ADMIN, 'GET', `/api/governance/customers?email=${encodeURIComponent(one.customer_email!)}`);
    expect(found.body.data.found).toBe(true);
    const ids = (await q<{ id: string }>(DEMO_TENANT.id, 'select id from orders where tenant_id = $1 and customer_email = $2', [DEMO_TENANT.id, one.customer_email])).map((r) => r.id);
    expect(ids).toContain(one.id);
    expect(found.body.data.counts.orders).toBe(ids.length);
  }, 120_000);
});
