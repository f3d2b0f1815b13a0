/**
 * Migration 0028 (docs/commerce.md "Money"): every dollar column becomes integer cents, exactly — the
 * amounts of orders, their lines, products, variants and supplier links written before it read back
 * as the same amounts in cents; the checks hold on the new columns, the sort indexes are rebuilt,
 * the listing row's JSON reads the variant's cents and follows its changes, and `api_dollars` writes
 * cents as the list answers' dollars. On PGlite and (TEST_DATABASE_URL) on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { databaseBefore } from './migration-support';

const T = '00000000-0000-4000-8000-00000000a028';

describe('migration 0028: money in integer cents', () => {
  it('converts every amount exactly and keeps the checks, indexes and the listing row JSON', async () => {
    const db = await databaseBefore('0028');
    const { conn } = db;
    try {
      await conn.exec(`
        insert into tenants (id, name) values ('${T}', 'Before 0028');
        insert into suppliers (id, tenant_id, name) values ('00000000-0000-4000-8000-0000000a0281', '${T}', 'Acme');
        insert into products (id, tenant_id, handle, title, sku, price, cost, map_price)
          values ('00000000-0000-4000-8000-0000000a0282', '${T}', 'lamp', 'Lamp', 'LAMP', 19.99, 7.5, 18);
        insert into product_variants (id, tenant_id, product_id, sku, price, compare_at_price, cost, map_price)
          values ('00000000-0000-4000-8000-0000000a0283', '${T}', '00000000-0000-4000-8000-0000000a0282', 'LAMP-1', 1234567.89, 0.01, null, 18),
                 ('00000000-0000-4000-8000-0000000a0284', '${T}', '00000000-0000-4000-8000-0000000a0282', 'LAMP-2', 9999999999.99, null, 0.05, null);
        insert into product_suppliers (tenant_id, product_id, supplier_id, supplier_cost)
          values ('${T}', '00000000-0000-4000-8000-0000000a0282', '00000000-0000-4000-8000-0000000a0281', 3.33);
        insert into orders (id, tenant_id, marketplace, status, subtotal, shipping, tax, fees, total)
          values ('ORD-A028', '${T}', 'ebay', 'pending', 10.5, 4.99, 0.87, 1.69, 16.36);
        insert into order_items (tenant_id, order_id, sku, title, quantity, unit_price) values ('${T}', 'ORD-A028', 'LAMP-1', 'Lamp', 1, 10.5);
        insert into marketplace_accounts (id, tenant_id, kind, name, mode, status)
          values ('00000000-0000-4000-8000-0000000a0285', '${T}', 'ebay', 'Before 0028', 'sandbox', 'connected');
        insert into listings (tenant_id, marketplace_id, product_id, variant_id, sku, title, price_cents)
          values ('${T}', '00000000-0000-4000-8000-0000000a0285', '00000000-0000-4000-8000-0000000a0282', '00000000-0000-4000-8000-0000000a0283', 'LAMP-1', 'Lamp', 1999);`);

      expect(await db.next()).toEqual(['0028_money_cents']);

      const one = async <R>(sql: string) => (await conn.query<R>(sql))[0];
      const nums = (r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? null : Number(v)]));
      expect(nums(await one('select price_cents, cost_cents, map_price_cents from products'))).toEqual({ price_cents: 1999, cost_cents: 750, map_price_cents: 1800 });
      expect((await conn.query<Record<string, unknown>>('select price_cents, compare_at_price_cents, cost_cents, map_price_cents from product_variants order by sku')).map(nums)).toEqual([
        { price_cents: 123456789, compare_at_price_cents: 1, cost_cents: null, map_price_cents: 1800 },
        { price_cents: 999999999999, compare_at_price_cents: null, cost_cents: 5, map_price_cents: null },
      ]);
      expect(nums(await one('select supplier_cost_cents from product_suppliers'))).toEqual({ supplier_cost_cents: 333 });
      expect(nums(await one('select subtotal_cents, shipping_cents, tax_cents, fees_cents, total_cents from orders'))).toEqual({
        subtotal_cents: 1050, shipping_cents: 499, tax_cents: 87, fees_cents: 169, total_cents: 1636,
      });
      expect(nums(await one('select unit_price_cents from order_items'))).toEqual({ unit_price_cents: 1050 });

      // every amount column is bigint cents, none of the dollar columns is left
      const cols = await conn.query<{ table_name: string; column_name: string; data_type: string }>(
        `select table_name, column_name, data_type from information_schema.columns
          where table_schema = 'public' and table_name in ('orders', 'order_items', 'products', 'product_variants', 'product_suppliers')
            and (data_type = 'numeric' or column_name like '%cents') order by table_name, column_name`,
      );
      expect(cols.filter((c) => c.data_type === 'numeric').map((c) => `${c.table_name}.${c.column_name}`)).toEqual(['product_variants.weight', 'products.weight']);
      const MONEY = [
        'order_items.unit_price_cents', 'orders.fees_cents', 'orders.shipping_cents', 'orders.subtotal_cents', 'orders.tax_cents', 'orders.total_cents',
        'product_suppliers.supplier_cost_cents', 'product_variants.compare_at_price_cents', 'product_variants.cost_cents', 'product_variants.map_price_cents',
        'product_variants.price_cents', 'products.cost_cents', 'products.map_price_cents', 'products.price_cents',
      ];
      expect(cols.filter((c) => MONEY.includes(`${c.table_name}.${c.column_name}`)).map((c) => `${c.table_name}.${c.column_name} ${c.data_type}`))
        .toEqual(MONEY.map((m) => `${m} bigint`));

      // the checks hold on the new columns
      for (const sql of [
        'update products set price_cents = -1', 'update products set cost_cents = -1', 'update products set map_price_cents = -1',
        'update product_variants set price_cents = -1', 'update product_variants set compare_at_price_cents = -1',
        'update product_variants set cost_cents = -1', 'update product_variants set map_price_cents = -1',
        'update product_suppliers set supplier_cost_cents = -1', 'update order_items set unit_price_cents = -1',
      ]) await expect(conn.exec(sql), sql).rejects.toMatchObject({ code: '23514' });
      // the sort indexes, on the new columns
      const idx = await conn.query<{ indexname: string; indexdef: string }>(`select indexname, indexdef from pg_indexes where indexname in ('products_tenant_price_cents', 'orders_tenant_total_cents') order by indexname`);
      expect(idx.map((i) => i.indexdef.replace(/^.* USING btree /, ''))).toEqual(['(tenant_id, total_cents, id)', '(tenant_id, price_cents, id)']);

      // the listing row's JSON reads the variant's cents, and a change of them rewrites it
      const listJson = async () => JSON.parse((await one<{ j: string }>('select list_json as j from listings')).j);
      await conn.exec('update listings set title = title');
      expect(await listJson()).toMatchObject({ map_price_cents: 1800, cost_cents: null });
      await conn.exec(`update product_variants set cost_cents = 1234, map_price_cents = 1999 where sku = 'LAMP-1'`);
      expect(await listJson()).toMatchObject({ map_price_cents: 1999, cost_cents: 1234 });

      // cents as the answers' dollars: the exact quotient with two decimals
      const dollars = await one<Record<string, string>>(`select api_dollars(1999)::text as a, api_dollars(5)::text as b, api_dollars(-5)::text as c,
        api_dollars(100000000000)::text as d, (select row_to_json(r)::text from (select api_dollars(1050) as v) r) as e`);
      expect(dollars).toEqual({ a: '19.99', b: '0.05', c: '-0.05', d: '1000000000.00', e: '{"v":10.50}' });
    } finally {
      await db.close();
    }
  }, 120_000);
});
