/**
 * Product images API (docs/marketplaces.md "Product images"): list a product's images (every
 * signed-in role), add one by URL (JSON) or by upload (a raw body of an image content type, at most
 * IMAGE_MAX_BYTES, its bytes checked against the type), change alt text or position, delete; an
 * upload is served at GET /api/images/{id} with its content type, to the signed-in users of its
 * tenant only. Bytes go to the object store (server/storage/: the database, or S3 by configuration).
 * Listings of the product on a marketplace are pushed again so they carry the new images.
 */
import { randomUUID } from 'node:crypto';
import { defineModule, type ApiModule } from '../module';
import { list, one, parse } from '../kit';
import { HttpError, notFound } from '../errors';
import { IMAGE_MAX_BYTES, imageByUrl, imageParams, imageUpdate, imageUploadQuery, isImageContentType } from '../../../contract/images';
import { LISTING_EVENTS } from '../../../contract/listings';
import { objectStore, StorageError } from '../../storage';
import { matchesContentType } from './sniff';
import { getImage, listImages, listingsToRepush, mapImage } from './queries';
import type { Tx } from '../../db';
import { productsPermissions } from '../../../contract/modules/products';
import { listAnswer } from '../../../contract/api';
import { productImage } from '../../../contract/images';

const storageFailed = (e: unknown): never => {
  if (e instanceof StorageError) throw new HttpError(503, 'storage_unavailable', e.message);
  throw e;
};

const images: ApiModule = (api) => {
  const productExists = async (tx: Tx, tenantId: string, id: string) =>
    (await tx.query('select 1 from products where tenant_id = $1 and id = $2', [tenantId, id])).rows.length > 0;

  api.route({
    method: 'GET',
    url: '/products/:id/images',
    access: productsPermissions.products.read,
    answer: listAnswer(productImage),
    params: imageParams,
    async handler({ tx, auth, params }) {
      if (!(await productExists(tx, auth.tenantId, params.id))) throw notFound('Product');
      const rows = await listImages(tx, auth.tenantId, params.id);
      // the list envelope, `_meta` included (docs/api-conventions.md "Answers")
      return list(rows.map(mapImage), rows.length, rows.length, 0);
    },
  });

  api.route({
    method: 'POST',
    url: '/products/:id/images',
    lock: { table: 'products', what: 'Product' },
    access: 'write:products',
    params: imageParams,
    async handler(ctx) {
      const { tx, auth, params, req } = ctx;
      if (!(await productExists(tx, auth.tenantId, params.id))) throw notFound('Product');
      const ct = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      const upload = Buffer.isBuffer(ctx.body);
      let row: { url: string; alt: string | null; position?: number; variant_id: string | null; storage_key: string | null; content_type: string | null; size_bytes: number | null };
      const id = randomUUID();
      if (upload) {
        const bytes = ctx.body as unknown as Buffer;
        if (!isImageContentType(ct)) throw new HttpError(415, 'unsupported_media_type', 'Upload a PNG, JPEG, GIF, WebP or AVIF image');
        if (bytes.byteLength === 0) throw new HttpError(400, 'empty_upload', 'The file is empty');
        if (bytes.byteLength > IMAGE_MAX_BYTES) throw new HttpError(413, 'payload_too_large', `An image is at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB`);
        if (!matchesContentType(bytes, ct)) throw new HttpError(415, 'unsupported_media_type', `The file is not a ${ct.replace('image/', '').toUpperCase()} image`);
        const q = parse(imageUploadQuery, req.query, 'query');
        const key = `${auth.tenantId}/${id}`;
        await objectStore(tx, auth.tenantId).put(key, bytes, ct).catch(storageFailed);
        row = { url: `/api/images/${id}`, alt: q.alt ?? null, position: q.position, variant_id: q.variant_id ?? null, storage_key: key, content_type: ct, size_bytes: bytes.byteLength };
      } else {
        const b = parse(imageByUrl, ctx.body, 'body');
        row = { url: b.url, alt: b.alt ?? null, position: b.position, variant_id: b.variant_id ?? null, storage_key: null, content_type: null, size_bytes: null };
      }
      if (row.variant_id) {
        const v = await tx.query('select 1 from product_variants where tenant_id = $1 and id = $2 and product_id = $3', [auth.tenantId, row.variant_id, params.id]);
        if (!v.rows.length) throw new HttpError(400, 'validation_failed', 'Validation failed', [{ field: 'variant_id', message: 'not a variant of this product' }]);
      }
      await tx.query(
        `insert into product_images (id, tenant_id, product_id, variant_id, url, alt, position, storage_key, content_type, size_bytes)
         values ($1, $2, $3, $4, $5, $6, coalesce($7, (select coalesce(max(position), 0) + 1 from product_images where tenant_id = $2 and product_id = $3)), $8, $9, $10)`,
        [id, auth.tenantId, params.id, row.variant_id, row.url, row.alt, row.position ?? null, row.storage_key, row.content_type, row.size_bytes],
      );
      const image = mapImage((await getImage(tx, auth.tenantId, id))!);
      await ctx.audit({ action: 'product.image_add', resource: 'product', resourceId: params.id, after: image });
      for (const l of await listingsToRepush(tx, auth.tenantId, params.id)) await ctx.emit(LISTING_EVENTS.changed, { id: l, reason: 'images' });
      ctx.status(201);
      return one(image);
    },
  });

  api.route({
    method: 'PUT',
    url: '/images/:id',
    lock: { table: 'product_images', what: 'Image' },
    access: 'write:products',
    params: imageParams,
    body: imageUpdate,
    async handler(ctx) {
      const before = await getImage(ctx.tx, ctx.auth.tenantId, ctx.params.id);
      if (!before) throw notFound('Image');
      const values: unknown[] = [ctx.auth.tenantId, ctx.params.id];
      const sets: string[] = [];
      if (ctx.body.alt !== undefined) sets.push(`alt = $${values.push(ctx.body.alt || null)}`);
      if (ctx.body.position !== undefined) sets.push(`position = $${values.push(ctx.body.position)}`);
      await ctx.tx.query(`update product_images set ${sets.join(', ')} where tenant_id = $1 and id = $2`, values);
      const after = mapImage((await getImage(ctx.tx, ctx.auth.tenantId, ctx.params.id))!);
      await ctx.audit({ action: 'product.image_update', resource: 'product', resourceId: before.product_id, before: mapImage(before), after });
      for (const l of await listingsToRepush(ctx.tx, ctx.auth.tenantId, before.product_id)) await ctx.emit(LISTING_EVENTS.changed, { id: l, reason: 'images' });
      return one(after);
    },
  });

  api.route({
    method: 'DELETE',
    url: '/images/:id',
    lock: { table: 'product_images', what: 'Image' },
    access: 'write:products',
    params: imageParams,
    async handler(ctx) {
      const before = await getImage(ctx.tx, ctx.auth.tenantId, ctx.params.id);
      if (!before) throw notFound('Image');
      await ctx.tx.query('delete from product_images where tenant_id = $1 and id = $2', [ctx.auth.tenantId, ctx.params.id]);
      if (before.storage_key) await objectStore(ctx.tx, ctx.auth.tenantId).delete(before.storage_key).catch(storageFailed);
      await ctx.audit({ action: 'product.image_delete', resource: 'product', resourceId: before.product_id, before: mapImage(before) });
      for (const l of await listingsToRepush(ctx.tx, ctx.auth.tenantId, before.product_id)) await ctx.emit(LISTING_EVENTS.changed, { id: l, reason: 'images' });
      return one({ id: before.id, deleted: true });
    },
  });

  api.route({
    method: 'GET',
    url: '/images/:id',
    access: productsPermissions.products.read,
    params: imageParams,
    async handler({ tx, auth, params, reply }) {
      const img = await getImage(tx, auth.tenantId, params.id);
      if (!img?.storage_key) throw notFound('Image');
      const obj = await objectStore(tx, auth.tenantId).get(img.storage_key).catch(storageFailed);
      if (!obj) throw notFound('Image');
      reply.type(img.content_type ?? obj.contentType).header('content-disposition', 'inline').header('x-content-type-options', 'nosniff');
      return Buffer.from(obj.bytes);
    },
  });
};

export default defineModule({ name: 'images', routes: images });
