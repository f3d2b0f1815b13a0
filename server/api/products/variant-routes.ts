/**
 * Variants one at a time — docs/commerce.md: add (`POST /products/{id}/variants`), change
 * (`PUT /products/{id}/variants/{variantId}`, any subset of the fields) and remove
 * (`DELETE /products/{id}/variants/{variantId}`). write:products; each command audited, one event,
 * one transaction, idempotency keys honoured by the route kit.
 */
import type { Api } from '../module';
import { one } from '../kit';
import { notFound } from '../errors';
import { variantCreate, variantParams, variantUpdate } from '../../../contract/product-variants';
import { idParams } from '../../../contract/products';
import { getVariant } from './queries';
import { createVariant, deleteVariant, lockProduct, updateVariant } from './variants';

export function variantRoutes(api: Api): void {
  api.route({
    method: 'POST',
    url: '/products/:id/variants',
    lock: { table: 'products', what: 'Product' },
    access: 'write:products',
    params: idParams,
    body: variantCreate,
    async handler(ctx) {
      const t = ctx.auth.tenantId;
      const product = await lockProduct(ctx.tx, t, ctx.params.id);
      const created = await createVariant(ctx.tx, t, product.id, ctx.body);
      await ctx.audit({ action: 'product_variant.create', resource: 'product_variant', resourceId: created.id as string, after: created });
      await ctx.emit('products.variant_created', { product_id: product.id, id: String(created.id), sku: String(created.sku), price: Number(created.price), stock: Number(created.stock) });
      ctx.status(201);
      return one(created);
    },
  });

  api.route({
    method: 'PUT',
    url: '/products/:id/variants/:variantId',
    lock: { table: 'products', what: 'Product' },
    access: 'write:products',
    params: variantParams,
    body: variantUpdate,
    async handler(ctx) {
      const t = ctx.auth.tenantId;
      const product = await lockProduct(ctx.tx, t, ctx.params.id);
      const before = await getVariant(ctx.tx, t, product.id, ctx.params.variantId);
      if (!before) throw notFound('Variant');
      const after = await updateVariant(ctx.tx, t, product.id, before, ctx.body);
      await ctx.audit({ action: 'product_variant.update', resource: 'product_variant', resourceId: before.id as string, before, after });
      await ctx.emit('products.variant_updated', { product_id: product.id, id: String(before.id), sku: String(after.sku), fields: Object.keys(ctx.body) });
      return one(after);
    },
  });

  api.route({
    method: 'DELETE',
    url: '/products/:id/variants/:variantId',
    lock: { table: 'products', what: 'Product' },
    access: 'write:products',
    params: variantParams,
    async handler(ctx) {
      const t = ctx.auth.tenantId;
      const product = await lockProduct(ctx.tx, t, ctx.params.id);
      const before = await getVariant(ctx.tx, t, product.id, ctx.params.variantId);
      if (!before) throw notFound('Variant');
      await deleteVariant(ctx.tx, t, product.id, before.id as string);
      await ctx.audit({ action: 'product_variant.delete', resource: 'product_variant', resourceId: before.id as string, before });
      await ctx.emit('products.variant_deleted', { product_id: product.id, id: String(before.id), sku: String(before.sku), orders_count: Number(before.orders_count) });
      return one({ id: before.id, deleted: true, orders_count: before.orders_count });
    },
  });
}
