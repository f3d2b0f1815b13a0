import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { startServer, type Harness } from './harness';
import { headersFor, DEMO_TENANT, NORTHWIND_TENANT } from './tokens';

let h: Harness;
const send = async (email: string, path: string, body: string, type = 'text/csv') => {
  const headers = { ...(await headersFor(h, email)), 'content-type': type };
  const res = await fetch(`${h.url}${path}`, { method: 'POST', headers, body });
  return { status: res.status, body: await res.json() };
};
const get = async (email: string, path: string) => {
  const res = await fetch(`${h.url}${path}`, { headers: await headersFor(h, email) });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
};
const SELLER = 'seller@demo.local';
const AGENT = 'agent@demo.local';
const NW = 'owner@northwind.local';
const count = async (tenantId: string, sql: string) =>
  (await h.db.transaction((tx) => tx.query<{ n: number }>(sql), { tenantId })).rows[0].n;

const HEADER = 'Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant SKU,Variant Grams,Variant Inventory Qty,Variant Price,Variant Compare At Price,Cost per item,Status,Image Src';
const GOOD = [
  HEADER,
  'linen-shirt,Linen Shirt,<p>Breezy</p>,Acme,Apparel,"summer, linen",TRUE,Size,S,Color,Sand,LIN-S-SND,220,5,39.00,49.00,14.50,active,https://img/1.jpg',
  'linen-shirt,,,,,,,,M,,Sand,LIN-M-SND,230,0,39.00,,14.50,,',
  'linen-shirt,,,,,,,,,,,,,,,,,,https://img/2.jpg',
  'desk-fan,Desk Fan,,Breeze,Home,,FALSE,,,,,FAN-01,900,12,"1,024.50",,,,',
].join('\n');

beforeAll(async () => {
  h = await startServer();
});
afterAll(async () => h?.close());

describe('POST /api/imports/shopify-products', () => {
  it('reports every bad row with column and reason, and writes nothing', async () => {
    const before = await count(DEMO_TENANT.id, 'select count(*)::int as n from products');
    const bad = [
      HEADER,
      'ok-product,OK Product,,,,,TRUE,,,,,OK-1,,3,10.00,,,,',
      ',No Handle,,,,,TRUE,,,,,NH-1,,1,5.00,,,,',
      'cheap,,,,,,TRUE,,,,,CH-1,,1,abc,,,,',
      'neg,Negative,,,,,TRUE,,,,,NEG-1,,-4,5.00,,-1,weird,',
      'dupe,Dupe,,,,,TRUE,,,,,OK-1,,1,5.00,,,,',
      'taken,Taken,,,,,TRUE,,,,,APP-0001-BLK-S,,1,5.00,,,,',
      'opts,Opts,,,,,TRUE,,Red,,,OPT-1,,1,5.00,,,,',
    ].join('\n');
    const r = await send(SELLER, '/api/imports/shopify-products', bad);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('import_invalid');
    expect(r.body.details.rows_total).toBe(7);
    const errs = r.body.details.errors.map((e: { row: number; column: string }) => `${e.row}:${e.column}`);
    expect(errs).toEqual(expect.arrayContaining([
      '3:Handle', '4:Title', '4:Variant Price', '5:Variant Inventory Qty', '5:Cost per item', '5:Status', '6:Variant SKU', '8:Option1 Name',
    ]));
    expect(r.body.details.errors.find((e: { row: number }) => e.row === 6).reason).toMatch(/Duplicate SKU \(also on row 2\)/);
    expect(await count(DEMO_TENANT.id, 'select count(*)::int as n from products')).toBe(before);
    expect(await count(DEMO_TENANT.id, "select count(*)::int as n from products where handle = 'ok-product'")).toBe(0);
  });

  it('reports a SKU owned by another product as a row error', async () => {
    const owned = (await h.db.transaction((tx) => tx.query<{ sku: string }>('select sku from product_variants order by sku limit 1'), { tenantId: DEMO_TENANT.id })).rows[0].sku;
    const text = [HEADER, `taken,Taken,,,,,TRUE,,,,,${owned},,1,5.00,,,,`].join('\n');
    const r = await send(SELLER, '/api/imports/shopify-products', text);
    expect(r.status).toBe(400);
    expect(r.body.details.errors).toEqual([{ row: 2, column: 'Variant SKU', reason: expect.stringContaining(owned) }]);
  });

  it('dry run validates only; a good file creates products with variants in one go', async () => {
    const dry = await send(SELLER, '/api/imports/shopify-products?dry_run=true', GOOD);
    expect(dry.status).toBe(200);
    expect(dry.body.data).toMatchObject({ created: 2, updated: 0, rows: 4, dry_run: true });
    expect(await count(DEMO_TENANT.id, "select count(*)::int as n from products where handle = 'linen-shirt'")).toBe(0);
    const r = await send(SELLER, '/api/imports/shopify-products', GOOD);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ created: 2, updated: 0, rows: 4, dry_run: false });
    const list = JSON.parse((await get(SELLER, '/api/products?sku=LINEN-SHIRT')).text).data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ title: 'Linen Shirt', stock: 5, price: 39, status: 'active', vendor: 'Acme' });
    const detail = JSON.parse((await get(SELLER, `/api/products/${list[0].id}`)).text).data;
    expect(detail.variants.map((v: { sku: string; option1_value: string; option2_value: string }) => [v.sku, v.option1_value, v.option2_value])).toEqual([
      ['LIN-S-SND', 'S', 'Sand'], ['LIN-M-SND', 'M', 'Sand'],
    ]);
    const fan = JSON.parse((await get(SELLER, '/api/products?sku=FAN-01')).text).data[0];
    expect(fan).toMatchObject({ status: 'draft', price: 1024.5 });
    // the same file again updates instead of duplicating
    const again = await send(SELLER, '/api/imports/shopify-products', GOOD);
    expect(again.body.data).toMatchObject({ created: 0, updated: 2 });
  });

  it('needs write:products and a text body', async () => {
    const json = await fetch(`${h.url}/api/imports/shopify-products`, { method: 'POST', headers: await headersFor(h, SELLER), body: JSON.stringify({ a: 1 }) });
    expect(json.status).toBe(400);
    const missing = await send(SELLER, '/api/imports/shopify-products', 'Title,Price\nx,1');
    expect(missing.status).toBe(400);
    expect(missing.body.details.errors.map((e: { column: string }) => e.column)).toEqual(expect.arrayContaining(['Handle', 'Variant SKU', 'Variant Price']));
  });
});

describe('CSV export round trip', () => {
  it('exports the filtered product view in Shopify layout; re-importing it elsewhere yields the same data', async () => {
    const csv = await get(SELLER, '/api/products/export.csv?search=hoodie');
    expect(csv.status).toBe(200);
    expect(csv.type).toContain('text/csv');
    const parsed = Papa.parse<Record<string, string>>(csv.text, { header: true, skipEmptyLines: true });
    const listed = JSON.parse((await get(SELLER, '/api/products?search=hoodie&limit=500')).text);
    const handles = new Set(parsed.data.map((r) => r.Handle));
    expect(handles.size).toBe(listed.pagination.total);
    const r = await send(NW, '/api/imports/shopify-products', csv.text);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ created: handles.size, updated: 0 });
    const snapshot = async (tenantId: string) =>
      (await h.db.transaction((tx) => tx.query(
        `select p.handle, p.sku, p.title, p.status, p.vendor, p.product_type, p.tags, p.description, p.price_cents, p.stock,
                json_agg(json_build_array(v.sku, v.price_cents, v.stock, v.cost_cents, v.weight::text, v.option1_name, v.option1_value,
                                          v.option2_name, v.option2_value) order by v.position) as variants
           from products p join product_variants v on v.product_id = p.id
          where p.handle = any($1::text[]) group by p.id order by p.handle`,
        [[...handles]],
      ), { tenantId })).rows;
    const demo = await snapshot(DEMO_TENANT.id);
    expect(demo).toHaveLength(handles.size);
    expect(await snapshot(NORTHWIND_TENANT.id)).toEqual(demo);
  });

  it('exports orders and suppliers with the list filters', async () => {
    const orders = await get(AGENT, '/api/me/orders/export.csv?status=pending&marketplace=amazon');
    const rows = Papa.parse<Record<string, string>>(orders.text, { header: true, skipEmptyLines: true }).data;
    const total = JSON.parse((await get(AGENT, '/api/me/orders?status=pending&marketplace=amazon&limit=1')).text).pagination.total;
    expect(rows).toHaveLength(total);
    expect(rows.every((r) => r.Status === 'pending' && r.Marketplace === 'amazon')).toBe(true);
    const all = await get(AGENT, '/api/me/orders/export.csv');
    expect(Papa.parse(all.text, { header: true, skipEmptyLines: true }).data).toHaveLength(2000);
    const sup = await get(AGENT, '/api/suppliers/export.csv?tier=1');
    const srows = Papa.parse<Record<string, string>>(sup.text, { header: true, skipEmptyLines: true }).data;
    expect(srows.length).toBeGreaterThan(0);
    expect(srows.every((r) => r.Tier === '1')).toBe(true);
    const nw = await get(NW, '/api/suppliers/export.csv');
    expect(Papa.parse(nw.text, { header: true, skipEmptyLines: true }).data).toHaveLength(5);
  });
});

describe('marketplace order imports', () => {
  const AMAZON = [
    'amazon-order-id\tmerchant-order-id\tpurchase-date\torder-status\tsales-channel\tbuyer-name\tsku\tproduct-name\tquantity\tcurrency\titem-price\tshipping-price\titem-tax\trecipient-name\tship-address-1\tship-address-2\tship-city\tship-state\tship-postal-code\tship-country',
    '114-0000001-0000001\t\t2025-01-05T10:00:00+00:00\tShipped\tAmazon.com\tAda Lovelace\tAPP-0001-BLK-S\tClassic "Cotton" Tee\t2\tUSD\t40.00\t0.00\t3.20\tAda Lovelace\t12 Analytical Row\tApt 3\tAustin\tTX\t78701\tUS',
    '114-0000001-0000001\t\t2025-01-05T10:00:00+00:00\tShipped\tAmazon.com\tAda Lovelace\tUNKNOWN-SKU\tMystery Item\t1\tUSD\t9.99\t4.99\t0.80\tAda Lovelace\t12 Analytical Row\tApt 3\tAustin\tTX\t78701\tUS',
    '114-0000002-0000002\t\t2025-01-06T11:00:00+00:00\tPending\tAmazon.com\t\tHOM-0002-BLK\tMug\t1\tUSD\t12.00\t\t\tGrace Hopper\t1 Navy Yard Way\t\tToronto\tON\tM5V 2T6\tCA',
  ].join('\n');

  it('imports an Amazon report: orders grouped by id, unit prices from line totals, history to the report status', async () => {
    const dry = await send(SELLER, '/api/imports/amazon-orders?dry_run=true', AMAZON, 'text/tab-separated-values');
    expect(dry.body.data).toMatchObject({ created: 2, updated: 0, rows: 3, dry_run: true });
    const r = await send(SELLER, '/api/imports/amazon-orders', AMAZON, 'text/tab-separated-values');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ created: 2, updated: 0, rows: 3 });
    const found = JSON.parse((await get(SELLER, '/api/me/orders?search=114-0000001-0000001')).text).data;
    expect(found).toHaveLength(1);
    const o = JSON.parse((await get(SELLER, `/api/orders/${found[0].id}`)).text).data;
    expect(o).toMatchObject({ marketplace: 'amazon', status: 'shipped', customer_name: 'Ada Lovelace', subtotal: 49.99, shipping: 4.99, tax: 4, total: 58.98 });
    expect(o.items.map((i: { sku: string; quantity: number; unit_price: number }) => [i.sku, i.quantity, i.unit_price])).toEqual([['APP-0001-BLK-S', 2, 20], ['UNKNOWN-SKU', 1, 9.99]]);
    expect(o.status_history.map((s: { to: string }) => s.to)).toEqual(['pending', 'routed', 'ordered_from_supplier', 'shipped']);
    const again = await send(SELLER, '/api/imports/amazon-orders', AMAZON, 'text/tab-separated-values');
    expect(again.body.data).toMatchObject({ created: 0, updated: 2 });
  });

  it('rejects a bad Amazon report with every bad row and writes nothing', async () => {
    const before = await count(DEMO_TENANT.id, 'select count(*)::int as n from orders');
    const bad = AMAZON.split('\n').slice(0, 1).concat([
      '\t\tnot-a-date\tShipped\t\t\t\tX\tzero\tUSDX\t-1\t\t\tAda Lovelace\t12 Analytical Row\tApt 3\tAustin\tTX\t78701\tUS',
      '114-9\t\t2025-01-05\tLost in space\t\t\tSKU-1\tY\t1\tUSD\t1.00\t\t\tAda Lovelace\t12 Analytical Row\tApt 3\tAustin\tTX\t78701\tUS',
    ]).join('\n');
    const r = await send(SELLER, '/api/imports/amazon-orders', bad, 'text/tab-separated-values');
    expect(r.status).toBe(400);
    const errs = r.body.details.errors.map((e: { row: number; column: string }) => `${e.row}:${e.column}`);
    expect(errs).toEqual(['2:amazon-order-id', '2:purchase-date', '2:sku', '2:quantity', '2:currency', '2:item-price', '3:order-status']);
    expect(await count(DEMO_TENANT.id, 'select count(*)::int as n from orders')).toBe(before);
  });

  it('imports an eBay orders CSV (summary lines skipped) and reports bad rows', async () => {
    const ebay = [
      '',
      'Sales Record Number,Order Number,Buyer Username,Buyer Name,Custom Label,Item Title,Quantity,Sold For,Shipping And Handling,Total Price,Sale Date,Ship To Name,Ship To Address 1,Ship To Address 2,Ship To City,Ship To State,Ship To Zip,Ship To Country',
      '1001,27-11111-22222,adal,Ada Lovelace,OUT-0004-500-FOR,Water Bottle,1,$24.99,$5.00,$29.99,Mar-15-24,Ada Lovelace,12 Analytical Row,,London,,SW1A 1AA,United Kingdom',
      '1002,27-33333-44444,alan,Alan Turing,PET-0005-SM,Dog Bed,2,$30.00,$0.00,$60.00,2024-03-16,Alan Turing,78 Bletchley Park Lane,Suite 5,Seattle,WA,98101,United States',
      ',,,,,,,,,,,,,,,,,',
      '2 record(s) downloaded,,,,,,,,,,,,,,,,,',
    ].join('\n');
    const r = await send(SELLER, '/api/imports/ebay-orders', ebay);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ created: 2, updated: 0, rows: 2 });
    const o = JSON.parse((await get(SELLER, '/api/me/orders?search=alan%20turing')).text).data[0];
    expect(o).toMatchObject({ marketplace: 'ebay', status: 'pending', subtotal: 60, total: 60, external_order_id: '27-33333-44444' });
    const bad = ebay.replace('$24.99', 'twenty').replace('Mar-15-24', 'Smarch-1-24');
    const b = await send(SELLER, '/api/imports/ebay-orders', bad);
    expect(b.status).toBe(400);
    expect(b.body.details.errors).toEqual([
      { row: 3, column: 'Sold For', reason: expect.any(String) },
      { row: 3, column: 'Sale Date', reason: expect.any(String) },
    ]);
  });

  it('an agent may import orders (write:orders); Northwind does not see Demo imports', async () => {
    const dry = await send(AGENT, '/api/imports/amazon-orders?dry_run=true', AMAZON, 'text/tab-separated-values');
    expect(dry.status).toBe(200);
    const nw = JSON.parse((await get(NW, '/api/me/orders?search=114-0000001-0000001')).text);
    expect(nw.data).toEqual([]);
  });
});
