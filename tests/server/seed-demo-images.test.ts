/**
 * The seeded product pictures come from the server itself (docs/marketplaces.md "Product images"):
 * every seeded product image of both demo tenants is an upload in the object store, answered 200 by
 * GET /api/images/{id} with an image content type and PNG bytes, drawn the same for the same SKU.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { DEMO_TENANT, headersFor, NORTHWIND_TENANT } from './tokens';
import { demoImagePng } from '../../server/seed/demo-images';

let h: Harness;
beforeAll(async () => {
  h = await startServer();
});
afterAll(() => h?.close());

const seededImages = (tenantId: string) =>
  h.db.transaction(
    async (tx) =>
      (
        await tx.query<{ id: string; url: string; sku: string; storage_key: string | null }>(
          `select i.id, i.url, i.storage_key, p.sku from product_images i join products p on p.id = i.product_id where i.tenant_id = $1 order by p.sku`,
          [tenantId],
        )
      ).rows,
    { tenantId },
  );

describe('seeded product images', () => {
  for (const [tenant, email] of [[DEMO_TENANT, 'admin@demo.local'], [NORTHWIND_TENANT, 'owner@northwind.local']] as const) {
    it(`every seeded image of ${tenant.name} answers 200 with an image from this server`, async () => {
      const images = await seededImages(tenant.id);
      expect(images.length).toBeGreaterThan(0);
      const headers = await headersFor(h, email);
      for (const img of images) {
        expect(img.url).toBe(`/api/images/${img.id}`);
        expect(img.storage_key).not.toBeNull();
        const res = await fetch(`${h.url}${img.url}`, { headers });
        expect(res.status, img.url).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^image\//);
        const bytes = Buffer.from(await res.arrayBuffer());
        expect(bytes.equals(demoImagePng(img.sku))).toBe(true);
      }
    });
  }

  it('draws the same picture for the same SKU and different ones for different SKUs', () => {
    expect(demoImagePng('TEE-RED-M').equals(demoImagePng('TEE-RED-M'))).toBe(true);
    expect(demoImagePng('TEE-RED-M').equals(demoImagePng('MUG-BLUE'))).toBe(false);
    expect(demoImagePng('TEE-RED-M').subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });
});
