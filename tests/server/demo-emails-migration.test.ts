/**
 * Migration 0056 (docs/commerce.md "Customer emails"): the demo orders stored without a buyer's
 * email get the one server/domain/demo-customers.ts derives from the name — the same address in SQL
 * as in TypeScript for every name the seed and the sandbox marketplaces use — while a store's own
 * orders, an order that has an email and an erased customer's order keep theirs. On PGlite and
 * (TEST_DATABASE_URL) on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { databaseBefore } from './migration-support';
import { demoCustomerEmail } from '../../server/domain/demo-customers';
import { FIRST as SEED_FIRST, LAST as SEED_LAST } from '../../server/seed/commerce-data';
import { FIRST as SBX_FIRST, LAST as SBX_LAST } from '../../server/marketplaces/sandbox/simulate';

const T = '00000000-0000-4000-8000-00000000a056';
const shipTo = (name: string) => JSON.stringify({ name, line1: '1 Main Street', city: 'Austin', region: 'TX', postal_code: '78701', country: 'US' });
const sql = (s: string) => `'${s.replace(/'/g, "''")}'`;

describe('migration 0056: the demo orders get their customers\' emails', () => {
  it('fills the seed\'s and the sandbox\'s orders from the name, as the code does, and nothing else', async () => {
    const db = await databaseBefore('0056');
    const { conn } = db;
    try {
      const names = [...new Set([...SEED_FIRST.flatMap((f) => SEED_LAST.map((l) => `${f} ${l}`)), ...SBX_FIRST.flatMap((f) => SBX_LAST.map((l) => `${f} ${l}`))])];
      const order = (id: string, name: string | null, ext: string, extra = '') =>
        `insert into orders (id, tenant_id, marketplace, status, customer_name, external_order_id, ship_to_country, ship_to${extra ? ', customer_email, customer_erased_at' : ''})
           values ('${id}', '${T}', 'ebay', 'pending', ${name === null ? 'null' : sql(name)}, '${ext}', 'US', '${shipTo(name ?? 'Someone').replace(/'/g, "''")}'${extra});`;
      const arrival = (id: string, actor: string) => `insert into order_status_history (tenant_id, order_id, from_status, to_status, actor) values ('${T}', '${id}', null, 'pending', ${sql(actor)});`;
      await conn.exec(`insert into tenants (id, name) values ('${T}', 'Demo emails 0056');`);
      // every demo name twice: once as the seed writes an order (its arrival by 'system'), once as a sandbox pull (a -SBX- number)
      await conn.exec(names.map((n, i) => order(`SEED-${i}`, n, `113-000-${i}`) + arrival(`SEED-${i}`, 'system') + order(`SBX-${i}`, n, `EBAY-SBX-0000abcd-3-${i}`) + arrival(`SBX-${i}`, 'Sandbox eBay')).join('\n'));
      await conn.exec([
        // a store's own orders: imported by a member, entered by hand, a live marketplace's
        order('OWN-1', 'Olivia Smith', '114-1111111-0000001') + arrival('OWN-1', 'admin@demo.local'),
        order('OWN-2', 'Liam Garcia', 'HAND-2') + arrival('OWN-2', 'seller@demo.local'),
        // an order that has an email keeps it; an erased customer's order stays erased
        order('HAS-1', 'Emma Brown', '113-000-x1', ", 'emma@realmail.test', null") + arrival('HAS-1', 'system'),
        order('GONE-1', 'Erased customer', '113-000-x2', ", null, now()") + arrival('GONE-1', 'system'),
        // a demo order without a name has nobody to name
        order('NONAME-1', null, 'EBAY-SBX-0000abcd-4-1'),
      ].join('\n'));

      expect(await db.next()).toEqual(['0056_demo_customer_emails']);

      const rows = await conn.query<{ id: string; customer_name: string | null; customer_email: string | null }>(`select id, customer_name, customer_email from orders where tenant_id = '${T}'`);
      const email = Object.fromEntries(rows.map((r) => [r.id, r.customer_email]));
      // the SQL and the TypeScript agree on every demo name
      for (const [i, n] of names.entries()) {
        expect(email[`SEED-${i}`], n).toBe(demoCustomerEmail(n));
        expect(email[`SBX-${i}`], n).toBe(demoCustomerEmail(n));
      }
      expect(email['SEED-0']).toBe('olivia.smith@example.com');
      expect(names.map(demoCustomerEmail)).toContain('liam.obrien@example.com');
      expect(names.map(demoCustomerEmail)).toContain('noah.muller@example.com');
      expect(email['OWN-1']).toBeNull();
      expect(email['OWN-2']).toBeNull();
      expect(email['HAS-1']).toBe('emma@realmail.test');
      expect(email['GONE-1']).toBeNull();
      expect(email['NONAME-1']).toBeNull();
    } finally {
      await db.close();
    }
  }, 120_000);
});
