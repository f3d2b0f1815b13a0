/**
 * Supplier mappings read from both sides (docs/dropshipping.md "Supplier mappings"): a supplier's
 * variants (`GET /suppliers/:id/mappings`, read:suppliers), a product's suppliers per variant
 * (`GET /products/:id/suppliers`, read:products), and the ranking of one variant's suppliers
 * (`PUT /products/:id/suppliers/order`, write:products): priorities 1..n in the given order, in one
 * transaction, the router's tie-break after score and landed cost.
 */
import { z } from 'zod';
import type { Api } from '../module';
import { list, one } from '../kit';
import { HttpError, notFound } from '../errors';
import type { Tx } from '../../db';
import { idParams, mappingListQuery, productParams, supplierOrderBody, type SupplierMapping } from '../../../contract/fulfillment';
import { listAnswer, oneAnswer } from '../../../contract/api';
import { supplierMapping } from '../../../contract/fulfillment';

const COLS = `ps.id, ps.product_id, p.title as product_title, ps.variant_id, v.sku as variant_sku,
  nullif(concat_ws(' / ', v.option1_value, v.option2_value, v.option3_value), '') as variant_label,
  ps.supplier_id, s.name as supplier_name, ps.supplier_sku, ps.supplier_cost_cents as cost_cents, ps.shipping_cents,
  ps.supplier_stock, ps.handling_days, coalesce(ps.ship_from, s.country) as ship_from, ps.countries_served, ps.priority`;
const FROM = `product_suppliers ps join products p on p.id = ps.product_id join suppliers s on s.id = ps.supplier_id
  left join product_variants v on v.id = ps.variant_id`;

function mapRow(r: Record<string, unknown>): SupplierMapping {
  return {
    id: String(r.id), product_id: String(r.product_id), product_title: String(r.product_title), variant_id: (r.variant_id as string) ?? null,
    variant_sku: (r.variant_sku as string) ?? null, variant_label: (r.variant_label as string) ?? null, supplier_id: String(r.supplier_id),
    supplier_name: String(r.supplier_name), supplier_sku: (r.supplier_sku as string) ?? null, cost_cents: r.cost_cents === null ? null : Number(r.cost_cents),
    shipping_cents: Number(r.shipping_cents), stock: Number(r.supplier_stock), handling_days: Number(r.handling_days), ship_from: (r.ship_from as string) ?? null,
    countries_served: (r.countries_served as string[]) ?? [], priority: Number(r.priority),
  };
}

const SORTS = { product: 'p.title', priority: 'ps.priority', cost: 'ps.supplier_cost_cents' } as const;

async function productSuppliers(tx: Tx, tenantId: string, productId: string) {
  const { rows } = await tx.query<Record<string, unknown>>(
    `select ${COLS} from ${FROM} where ps.tenant_id = $1 and ps.product_id = $2
      order by v.position nulls first, v.sku nulls first, ps.priority, s.name, ps.id`,
    [tenantId, productId],
  );
  return rows.map(mapRow);
}

export function mappingRoutes(api: Api) {
  api.route({
    method: 'GET',
    url: '/suppliers/:id/mappings',
    access: 'read:suppliers',
    answer: listAnswer(supplierMapping),
    params: idParams,
    query: mappingListQuery,
    async handler({ tx, auth, params, query }) {
      const s = await tx.query('select 1 from suppliers where tenant_id = $1 and id = $2', [auth.tenantId, params.id]);
      if (!s.rows[0]) throw notFound('Supplier');
      const args: unknown[] = [auth.tenantId, params.id];
      let search = '';
      if (query.search) { args.push(`%${query.search}%`); search = ` and (p.title ilike $3 or v.sku ilike $3 or ps.supplier_sku ilike $3)`; }
      args.push(query.limit, query.offset);
      const { rows } = await tx.query<Record<string, unknown>>(
        `select ${COLS}, count(*) over () as _total from ${FROM} where ps.tenant_id = $1 and ps.supplier_id = $2${search}
          order by ${SORTS[query.sort]} ${query.order} nulls last, v.sku nulls first, ps.id limit $${args.length - 1} offset $${args.length}`,
        args,
      );
      return list(rows.map(mapRow), rows.length ? Number(rows[0]._total) : 0, query.limit, query.offset);
    },
  });

  api.route({
    method: 'GET',
    url: '/products/:id/suppliers',
    access: 'read:products',
    answer: oneAnswer(z.array(supplierMapping)),
    params: productParams,
    async handler({ tx, auth, params }) {
      const p = await tx.query('select 1 from products where tenant_id = $1 and id = $2', [auth.tenantId, params.id]);
      if (!p.rows[0]) throw notFound('Product');
      return one(await productSuppliers(tx, auth.tenantId, params.id));
    },
  });

  api.route({
    method: 'PUT',
    url: '/products/:id/suppliers/order',
    lock: { table: 'products', what: 'Product' },
    access: 'write:products',
    params: productParams,
    body: supplierOrderBody,
    async handler(ctx) {
      const t = ctx.auth.tenantId;
      const p = await ctx.tx.query('select 1 from products where tenant_id = $1 and id = $2 for update', [t, ctx.params.id]);
      if (!p.rows[0]) throw notFound('Product');
      const { variant_id: variantId, supplier_ids: ids } = ctx.body;
      const cur = (await ctx.tx.query<{ supplier_id: string; priority: number }>(
        'select supplier_id, priority from product_suppliers where tenant_id = $1 and product_id = $2 and variant_id is not distinct from $3 order by priority, supplier_id',
        [t, ctx.params.id, variantId],
      )).rows;
      const have = new Set(cur.map((r) => r.supplier_id));
      if (cur.length !== ids.length || ids.some((id) => !have.has(id))) {
        throw new HttpError(400, 'validation_failed', 'Request validation failed', [
          { field: 'supplier_ids', message: `Give every supplier of this ${variantId ? 'variant' : 'product'} once (${cur.length})`, code: 'invalid_value' },
        ]);
      }
      for (const [i, id] of ids.entries()) {
        await ctx.tx.query('update product_suppliers set priority = $5 where tenant_id = $1 and product_id = $2 and variant_id is not distinct from $3 and supplier_id = $4', [t, ctx.params.id, variantId, id, i + 1]);
      }
      const before = cur.map((r) => r.supplier_id);
      await ctx.audit({ action: 'product.suppliers_order', resource: 'product', resourceId: ctx.params.id, before: { variant_id: variantId, supplier_ids: before }, after: { variant_id: variantId, supplier_ids: ids } });
      await ctx.emit('products.suppliers_reordered', { id: ctx.params.id, variant_id: variantId, supplier_ids: ids });
      return one(await productSuppliers(ctx.tx, t, ctx.params.id));
    },
  });
}
