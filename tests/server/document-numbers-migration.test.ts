/**
 * Migration 0030 (docs/commerce.md "Document numbers"): order ids, PO and RMA numbers given from the
 * shared sequences keep their values, and each tenant counts on from its own highest; a tenant with
 * none starts where the sequences started (ORD-100001, PO-5001, RMA-1001); the same id may now name
 * an order in each of two tenants, and the rows naming an order follow it by tenant. On PGlite and
 * (TEST_DATABASE_URL) on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { databaseBefore } from './migration-support';

const A = '00000000-0000-4000-8000-00000000a030';
const B = '00000000-0000-4000-8000-00000000b030';
const C = '00000000-0000-4000-8000-00000000c030';
const SUP_A = '00000000-0000-4000-8000-0000000a0301';
const SUP_B = '00000000-0000-4000-8000-0000000b0301';

describe('migration 0030: document numbers per tenant', () => {
  it('keeps the numbers given and counts on per tenant from its highest', async () => {
    const db = await databaseBefore('0030');
    const { conn } = db;
    try {
      // two tenants taking turns on the shared sequences (A: ORD-100001, 100003; B: ORD-100002 ...)
      await conn.exec(`
        insert into tenants (id, name) values ('${A}', 'Demo 0030'), ('${B}', 'Northwind 0030'), ('${C}', 'Empty 0030');
        insert into suppliers (id, tenant_id, name) values ('${SUP_A}', '${A}', 'Acme'), ('${SUP_B}', '${B}', 'Globex');
        insert into orders (tenant_id, marketplace, status) values ('${A}', 'ebay', 'delivered');
        insert into orders (tenant_id, marketplace, status) values ('${B}', 'ebay', 'delivered');
        insert into orders (tenant_id, marketplace, status) values ('${B}', 'ebay', 'delivered');
        insert into orders (tenant_id, marketplace, status) values ('${A}', 'ebay', 'delivered');
        insert into orders (id, tenant_id, marketplace, status) values ('ORD-X1', '${A}', 'ebay', 'delivered');`);
      const ids = async (t: string) => (await conn.query<{ id: string }>(`select id from orders where tenant_id = '${t}' and id like 'ORD-1%' order by id`)).map((r) => r.id);
      expect(await ids(A)).toEqual(['ORD-100001', 'ORD-100004']);
      expect(await ids(B)).toEqual(['ORD-100002', 'ORD-100003']);
      await conn.exec(`
        insert into purchase_orders (tenant_id, order_id, supplier_id, attempt, total_cents) values ('${B}', 'ORD-100002', '${SUP_B}', 1, 100);
        insert into purchase_orders (tenant_id, order_id, supplier_id, attempt, total_cents) values ('${A}', 'ORD-100001', '${SUP_A}', 1, 100);
        insert into purchase_orders (tenant_id, order_id, supplier_id, attempt, total_cents) values ('${B}', 'ORD-100003', '${SUP_B}', 1, 100);
        insert into returns (tenant_id, order_id, reason, items) values ('${A}', 'ORD-100001', 'defective', '[]');
        insert into returns (tenant_id, order_id, reason, items) values ('${B}', 'ORD-100002', 'defective', '[]');
        insert into returns (tenant_id, order_id, reason, items) values ('${A}', 'ORD-100004', 'defective', '[]');`);

      expect(await db.next()).toEqual(['0030_document_numbers']);

      // the numbers given stay; each tenant's counter is its highest (none for a tenant without documents)
      expect(await ids(A)).toEqual(['ORD-100001', 'ORD-100004']);
      expect((await conn.query<{ number: string }>(`select number from returns where tenant_id = '${A}' order by number`)).map((r) => r.number)).toEqual(['RMA-1001', 'RMA-1003']);
      const counters = await conn.query<{ tenant_id: string; kind: string; last_number: string }>('select tenant_id, kind, last_number from document_counters order by tenant_id, kind');
      expect(counters.map((c) => [c.tenant_id, c.kind, Number(c.last_number)])).toEqual([
        [A, 'order', 100004], [A, 'purchase_order', 5002], [A, 'return', 1003],
        [B, 'order', 100003], [B, 'purchase_order', 5003], [B, 'return', 1002],
      ]);

      // the next ones count on per tenant; a tenant without any starts at the sequences' first number
      await conn.exec(`
        insert into orders (tenant_id, marketplace, status) values ('${B}', 'ebay', 'delivered');
        insert into orders (tenant_id, marketplace, status) values ('${A}', 'ebay', 'delivered');
        insert into orders (tenant_id, marketplace, status) values ('${C}', 'ebay', 'delivered');
        insert into orders (tenant_id, marketplace, status) values ('${B}', 'ebay', 'delivered');
        insert into purchase_orders (tenant_id, order_id, supplier_id, attempt, total_cents) values ('${A}', 'ORD-100004', '${SUP_A}', 1, 100);
        insert into returns (tenant_id, order_id, reason, items) values ('${B}', 'ORD-100003', 'defective', '[]');
        insert into returns (tenant_id, order_id, reason, items) values ('${C}', 'ORD-100001', 'defective', '[]');`);
      expect(await ids(A)).toEqual(['ORD-100001', 'ORD-100004', 'ORD-100005']);
      expect(await ids(B)).toEqual(['ORD-100002', 'ORD-100003', 'ORD-100004', 'ORD-100005']);
      expect(await ids(C)).toEqual(['ORD-100001']);
      expect((await conn.query<{ number: string }>(`select number from purchase_orders where tenant_id = '${A}' order by number`)).map((r) => r.number)).toEqual(['PO-5002', 'PO-5003']);
      expect((await conn.query<{ number: string }>(`select tenant_id, number from returns where tenant_id <> '${A}' order by tenant_id, number`)).map((r) => r.number))
        .toEqual(['RMA-1002', 'RMA-1003', 'RMA-1001']);

      // rows naming an order follow it in its tenant: B's ORD-100004 deleted takes B's lines only
      await conn.exec(`
        insert into order_items (tenant_id, order_id, sku, title, quantity, unit_price_cents) values ('${A}', 'ORD-100004', 'A-1', 'A', 1, 100), ('${B}', 'ORD-100004', 'B-1', 'B', 1, 100);
        delete from orders where tenant_id = '${B}' and id = 'ORD-100004';`);
      expect((await conn.query<{ sku: string }>(`select sku from order_items where order_id = 'ORD-100004' order by sku`)).map((r) => r.sku)).toEqual(['A-1']);
      // the database's guard: a number twice in one tenant is refused
      await expect(conn.exec(`insert into returns (tenant_id, order_id, number, reason, items) values ('${A}', 'ORD-100001', 'RMA-1001', 'defective', '[]')`)).rejects.toMatchObject({ code: '23505' });
      await expect(conn.exec(`insert into orders (id, tenant_id, marketplace, status) values ('ORD-100001', '${A}', 'ebay', 'pending')`)).rejects.toMatchObject({ code: '23505' });
    } finally {
      await db.close();
    }
  }, 120_000);
});
