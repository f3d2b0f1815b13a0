/**
 * Product images: the Shopify import keeps Image Src / Image Position / Image Alt Text / Variant Image
 * (image-only rows too), a bad image URL is a row error, the export writes them back in the same
 * columns, and a round trip through another tenant keeps them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { startServer, type Harness } from './harness';
import { headersFor, DEMO_TENANT, NORTHWIND_TENANT } from './tokens';

let h: Harness;
const SELLER = 'seller@demo.local';
const NW = 'owner@northwind.local';
const send = async (email: string, path: string, body: string) => {
  const res = await fetch(`${h.url}${path}`, { method: 'POST', headers: { ...(await headersFor(h, email)), 'content-type': 'text/csv' }, body });
  return { status: res.status, body: await res.json() };
};
const HEADER = 'Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price,Status,Image Src,Image Position,Image Alt Text,Variant Image';
const FILE = [
  HEADER,
  'pic-lamp,Picture Lamp,Color,Red,PIC-LAMP-RED,4,25.00,active,https://img.example.com/lamp-front.jpg,1,Lamp from the front,https://img.example.com/lamp-red.jpg',
  'pic-lamp,,,Blue,PIC-LAMP-BLUE,2,25.00,,https://img.example.com/lamp-side.jpg,2,Lamp from the side,',
  'pic-lamp,,,,,,,,https://img.example.com/lamp-box.jpg,3,In its box,',
].join('\n');

const images = (tenantId: string) =>
  h.db.transaction(
    async (tx) =>
      (await tx.query<{ url: string; alt: string | null; position: number; variant_sku: string | null }>(
        `select i.url, i.alt, i.position, v.sku as variant_sku from product_images i join products p on p.id = i.product_id
           left join product_variants v on v.id = i.variant_id where p.handle = 'pic-lamp' order by i.variant_id nulls first, i.position`,
      )).rows,
    { tenantId },
  );

beforeAll(async () => {
  h = await startServer();
});
afterAll(async () => h?.close());

describe('product images through the Shopify CSV', () => {
  it('imports product images (image-only rows too) and the variant image', async () => {
    const r = await send(SELLER, '/api/imports/shopify-products', FILE);
    expect(r.status).toBe(200);
    expect(await images(DEMO_TENANT.id)).toEqual([
      { url: 'https://img.example.com/lamp-front.jpg', alt: 'Lamp from the front', position: 1, variant_sku: null },
      { url: 'https://img.example.com/lamp-side.jpg', alt: 'Lamp from the side', position: 2, variant_sku: null },
      { url: 'https://img.example.com/lamp-box.jpg', alt: 'In its box', position: 3, variant_sku: null },
      { url: 'https://img.example.com/lamp-red.jpg', alt: null, position: 1, variant_sku: 'PIC-LAMP-RED' },
    ]);
  });

  it('refuses a bad image URL as a row error', async () => {
    const bad = [HEADER, 'pic-bad,Bad,,,PIC-BAD,1,5.00,active,javascript:alert(1),1,,'].join('\n');
    const r = await send(SELLER, '/api/imports/shopify-products', bad);
    expect(r.status).toBe(400);
    expect(r.body.details.errors).toEqual([{ row: 2, column: 'Image Src', reason: expect.stringMatching(/http/) }]);
  });

  it('exports the images in the Shopify columns and a re-import elsewhere keeps them', async () => {
    const res = await fetch(`${h.url}/api/products/export.csv?search=picture%20lamp`, { headers: await headersFor(h, SELLER) });
    const text = await res.text();
    const rows = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
    expect(rows.map((r) => [r['Image Src'], r['Image Position'], r['Variant Image']])).toEqual([
      ['https://img.example.com/lamp-front.jpg', '1', 'https://img.example.com/lamp-red.jpg'],
      ['https://img.example.com/lamp-side.jpg', '2', ''],
      ['https://img.example.com/lamp-box.jpg', '3', ''],
    ]);
    expect(rows[2]['Variant SKU']).toBe('');
    const r = await send(NW, '/api/imports/shopify-products', text);
    expect(r.status).toBe(200);
    expect(await images(NORTHWIND_TENANT.id)).toEqual(await images(DEMO_TENANT.id));
  });
});
