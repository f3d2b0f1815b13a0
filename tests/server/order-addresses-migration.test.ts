/**
 * Migration 0033 (docs/commerce.md "Ship-to address"): every order without a complete address gets
 * one generated from its key — the same on every engine — that passes the contract's rules, keeping
 * what the order had; from then on the database refuses an order without a complete address; labels
 * carry their order's address, a return label the customer's as FROM and the seller as TO. On PGlite
 * and (TEST_DATABASE_URL) on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { databaseBefore } from './migration-support';
import { shipToAddress, type ShipTo } from '../../contract/addresses';

const T = '00000000-0000-4000-8000-00000000a033';

describe('migration 0033: a full ship-to address on every order', () => {
  it('backfills every order deterministically and requires a complete address from then on', async () => {
    const db = await databaseBefore('0033');
    const { conn } = db;
    try {
      await conn.exec(`
        insert into tenants (id, name) values ('${T}', 'Addresses 0033');
        insert into orders (id, tenant_id, marketplace, status, customer_name) values ('ORD-1', '${T}', 'ebay', 'pending', 'Ada Lovelace');
        insert into orders (id, tenant_id, marketplace, status, customer_name, ship_to) values ('ORD-2', '${T}', 'amazon', 'shipped', 'Grace Hopper', '{"name": "G. Hopper"}');
        insert into orders (id, tenant_id, marketplace, status, customer_name, ship_to_country) values ('ORD-3', '${T}', 'ebay', 'delivered', null, 'CA');
        insert into orders (id, tenant_id, marketplace, status, customer_name, ship_to_country) values ('ORD-4', '${T}', 'ebay', 'delivered', 'Alan Turing', 'GB');
        insert into orders (id, tenant_id, marketplace, status, customer_name, ship_to_country) values ('ORD-5', '${T}', 'ebay', 'delivered', 'Bruce Wayne', 'AU');
        insert into orders (id, tenant_id, marketplace, status, customer_name, ship_to_country) values ('ORD-6', '${T}', 'ebay', 'delivered', 'Emmy Noether', 'DE');
        insert into orders (id, tenant_id, marketplace, status, customer_name, ship_to) values
          ('ORD-7', '${T}', 'shopify', 'routed', 'Kept Whole', '{"name": "Kept Whole", "line1": "1 Infinite Loop", "city": "Cupertino", "region": "CA", "postal_code": "95014", "country": "US"}');
        insert into shipments (tenant_id, order_id, direction, carrier, service, zone, rate_cents, weight_grams, tracking_number, ship_from, ship_to_country, ship_to)
          values ('${T}', 'ORD-2', 'outbound', 'usps', 'ground_advantage', 1, 500, 300, 'T-OUT', 'US', 'US', '{"name": "G. Hopper"}'),
                 ('${T}', 'ORD-2', 'return', 'usps', 'ground_advantage', 1, 500, 300, 'T-RET', 'US', 'US', '{"name": "G. Hopper"}');`);

      expect(await db.next()).toEqual(['0033_order_addresses']);

      const rows = await conn.query<{ id: string; ship_to_country: string; ship_to: ShipTo }>(`select id, ship_to_country, ship_to from orders where tenant_id = '${T}' order by id`);
      const of = Object.fromEntries(rows.map((r) => [r.id, r.ship_to]));
      // every backfilled address passes the contract's rules as it stands (the parse changes nothing)
      for (const r of rows) {
        const parsed = shipToAddress.safeParse(r.ship_to);
        expect(parsed.success, `${r.id}: ${JSON.stringify(r.ship_to)} ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
        expect(parsed.data).toEqual(r.ship_to);
        expect(r.ship_to.country).toBe(r.ship_to_country);
      }
      // generated from the order's key (md5 of tenant and id): these exact values on PGlite and PostgreSQL alike
      expect(of['ORD-1']).toEqual({ name: 'Ada Lovelace', line1: '149 Oak Street', city: 'Los Angeles', region: 'CA', postal_code: '90035', country: 'US' });
      // the name the order had is kept; no customer name: "Customer <id>"
      expect(of['ORD-2'].name).toBe('G. Hopper');
      expect(of['ORD-3']).toMatchObject({ name: 'Customer ORD-3', country: 'CA', postal_code: expect.stringMatching(/^[A-Z]\d[A-Z] \d[A-Z]\d$/), region: expect.any(String) });
      expect(of['ORD-4']).toMatchObject({ country: 'GB', postal_code: expect.stringMatching(/^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/) });
      expect(of['ORD-5']).toMatchObject({ country: 'AU', postal_code: expect.stringMatching(/^\d{4}$/), region: expect.any(String) });
      expect(of['ORD-6']).toMatchObject({ country: 'DE', postal_code: expect.stringMatching(/^\d{5}$/), city: expect.any(String) });
      // a complete address stays as it was
      expect(of['ORD-7']).toEqual({ name: 'Kept Whole', line1: '1 Infinite Loop', city: 'Cupertino', region: 'CA', postal_code: '95014', country: 'US' });

      // labels: the outbound one carries its order's address; the return one comes from the customer and goes to the seller
      const labels = Object.fromEntries((await conn.query<{ tracking_number: string; ship_to: unknown; ship_from_address: unknown }>(
        `select tracking_number, ship_to, ship_from_address from shipments where tenant_id = '${T}'`,
      )).map((s) => [s.tracking_number, s]));
      expect(labels['T-OUT']).toMatchObject({ ship_to: of['ORD-2'], ship_from_address: null });
      expect(labels['T-RET']).toMatchObject({ ship_to: { name: 'Addresses 0033' }, ship_from_address: of['ORD-2'] });

      // from now on the database refuses an order without a complete address (codes: not null, check)
      const insert = (id: string, country: string, shipTo: unknown) =>
        conn.exec(`insert into orders (id, tenant_id, marketplace, status, ship_to_country, ship_to) values ('${id}', '${T}', 'ebay', 'pending', '${country}', ${shipTo === null ? 'null' : `'${JSON.stringify(shipTo)}'`})`);
      const full = { name: 'N', line1: '1 Main St', city: 'Austin', region: 'TX', postal_code: '78701', country: 'US' };
      await expect(conn.exec(`insert into orders (id, tenant_id, marketplace, status) values ('ORD-8', '${T}', 'ebay', 'pending')`)).rejects.toMatchObject({ code: '23502' });
      await expect(insert('ORD-8', 'US', { ...full, line1: ' ' })).rejects.toMatchObject({ code: '23514' });
      await expect(insert('ORD-8', 'US', { ...full, region: undefined })).rejects.toMatchObject({ code: '23514' });
      await expect(insert('ORD-8', 'CA', full)).rejects.toMatchObject({ code: '23514' });
      await expect(insert('ORD-8', 'US', { ...full, postal_code: undefined })).rejects.toMatchObject({ code: '23514' });
      await insert('ORD-8', 'US', full);
      await insert('ORD-9', 'DE', { name: 'N', line1: 'Hauptstraße 1', city: 'Berlin', postal_code: '10115', country: 'DE' });
    } finally {
      await db.close();
    }
  }, 120_000);
});
