/**
 * Products API — docs/commerce.md and docs/product/api-calls.md (GET /products with search, limit and filters): list, read,
 * create, update, delete, variants, variant summary and options, bulk edit, CSV export.
 */
import { z } from 'zod';
import { defineModule, type ApiModule } from '../module';
import { one } from '../kit';
import { notFound } from '../errors';
import { dollarsOf, dollarsOrNull, num, numOrNull } from '../../domain/numbers';
import { fetchPage, pageBody } from '../list-kit/paging';
import { SHOPIFY_COLUMNS, shopifyRows, type ExportProduct } from '../../domain/shopify-products-csv';
import { streamCsv, EXPORT_PAGE } from '../imports/csv-export';
import { bulkBody, idParams, productCreate, productListQuery, productUpdate, LOW_STOCK_MAX, productsLive } from '../../../contract/products';
import { getProduct, listProducts, listVariants, mapProduct, productFilters } from './queries';
import { createProduct, updateProduct } from './write';
import { runBulk } from './bulk';
import { variantRoutes } from './variant-routes';
import { listAnswer, oneAnswer } from '../../../contract/api';
import { product, productDetail, variant, variantOption, variantSummary } from '../../../contract/products';
import { requestOrigin } from '../../auth/site-origins';

const productScope = z.object({ product_id: z.uuid().optional() });

/** Tenant, and optionally one product, for the variant summary and options queries. */
function variantScope(tenantId: string, productId: string | undefined, column: string): { params: unknown[]; scope: string } {
  return productId ? { params: [tenantId, productId], scope: ` and ${column} = $2` } : { params: [tenantId], scope: '' };
}

const products: ApiModule = (api) => {
  variantRoutes(api);

  api.route({
    method: 'GET',
    url: '/products',
    access: 'read:products',
    answer: listAnswer(product),
    query: productListQuery,
    async handler({ tx, auth, query }) {
      const page = await listProducts(tx, auth.tenantId, query);
      return pageBody(page, page.rows.map(mapProduct), query.limit, query.offset);
    },
  });

  api.route({
    method: 'GET',
    url: '/products/export.csv',
    access: 'read:products',
    query: productListQuery,
    noTransaction: true,
    async handler({ auth, query, req, reply }) {
      await streamCsv(api.services.db, auth, req, reply, {
        filename: 'products.csv',
        fields: SHOPIFY_COLUMNS,
        async page(tx, cursor) {
          const { where, params } = productFilters(auth.tenantId, query);
          const page = await fetchPage<Record<string, unknown>>(tx, {
            from: 'products p',
            select: 'p.id, p.handle, p.title, p.description, p.vendor, p.product_type, p.tags, p.status, p.sku, p.price_cents, p.cost_cents, p.stock, p.weight',
            where, params,
            sort: { columns: ['p.created_at', 'p.id'], types: ['timestamptz', 'uuid'] },
            order: query.order, limit: EXPORT_PAGE, offset: 0, cursor: cursor ?? undefined, noCount: true,
          });
          const ids = page.rows.map((r) => r.id as string);
          const vs = await tx.query<Record<string, unknown>>(
            `select product_id, option1_name, option1_value, option2_name, option2_value, option3_name, option3_value, sku, price_cents,
                    compare_at_price_cents, cost_cents, stock, weight
               from product_variants where tenant_id = $1 and product_id = any($2::uuid[]) order by product_id, position, sku`,
            [auth.tenantId, ids],
          );
          const byProduct = new Map<string, ExportProduct['variants']>();
          for (const v of vs.rows) {
            const list = byProduct.get(v.product_id as string) ?? [];
            // the export's own columns, its amounts from cents to dollars (docs/commerce.md "Money")
            list.push({
              sku: v.sku as string, price: dollarsOf(v.price_cents), compare_at_price: dollarsOrNull(v.compare_at_price_cents), cost: dollarsOrNull(v.cost_cents),
              stock: num(v.stock), weight: numOrNull(v.weight),
              option1_name: v.option1_name as string | null, option1_value: v.option1_value as string | null,
              option2_name: v.option2_name as string | null, option2_value: v.option2_value as string | null,
              option3_name: v.option3_name as string | null, option3_value: v.option3_value as string | null,
            });
            byProduct.set(v.product_id as string, list);
          }
          // images go back into the Shopify image columns (docs/marketplaces.md "Product images")
          const imgs = await tx.query<{ product_id: string; variant_id: string | null; variant_sku: string | null; url: string; alt: string | null; position: number }>(
            `select i.product_id, i.variant_id, v.sku as variant_sku, i.url, i.alt, i.position
               from product_images i left join product_variants v on v.id = i.variant_id
              where i.tenant_id = $1 and i.product_id = any($2::uuid[]) order by i.product_id, i.position, i.id`,
            [auth.tenantId, ids],
          );
          const imagesOf = new Map<string, NonNullable<ExportProduct['images']>>();
          const variantImage = new Map<string, string>();
          // an image stored here (/api/images/{id}) leaves as an absolute URL: the file is read
          // elsewhere, and an importer takes http(s) URLs only
          const origin = requestOrigin(req);
          const absolute = (url: string) => (url.startsWith('/') ? `${origin}${url}` : url);
          for (const i of imgs.rows) {
            if (i.variant_sku) variantImage.set(i.variant_sku, absolute(i.url));
            else imagesOf.set(i.product_id, [...(imagesOf.get(i.product_id) ?? []), { src: absolute(i.url), position: Number(i.position), alt: i.alt }]);
          }
          const rows = page.rows.flatMap((r) => {
            const p = {
              handle: r.handle, title: r.title, description: r.description, vendor: r.vendor, product_type: r.product_type, tags: r.tags,
              status: r.status, sku: r.sku, price: dollarsOf(r.price_cents), cost: dollarsOrNull(r.cost_cents), stock: num(r.stock), weight: numOrNull(r.weight),
            } as Omit<ExportProduct, 'variants' | 'images'>;
            const variants = (byProduct.get(r.id as string) ?? []).map((v) => ({ ...v, image: variantImage.get(v.sku) ?? null }));
            return shopifyRows({ ...p, variants, images: imagesOf.get(r.id as string) ?? [] });
          });
          return { rows, next: page.nextCursor };
        },
      });
    },
  });

  api.route({
    method: 'GET',
    url: '/products/variants/summary',
    access: 'read:products',
    answer: oneAnswer(variantSummary),
    query: productScope,
    async handler({ tx, auth, query }) {
      const { params, scope } = variantScope(auth.tenantId, query.product_id, 'v.product_id');
      const { rows } = await tx.query<Record<string, unknown>>(
        `select count(distinct v.product_id)::int as products, count(*)::int as variants, coalesce(sum(v.stock), 0)::int8 as total_stock,
                min(v.price_cents) as price_min_cents, max(v.price_cents) as price_max_cents, round(avg(v.price_cents)) as price_avg_cents,
                count(*) filter (where v.stock <= 0)::int as out_of_stock,
                count(*) filter (where v.stock between 1 and ${LOW_STOCK_MAX})::int as low_stock,
                count(*) filter (where v.stock > ${LOW_STOCK_MAX})::int as in_stock,
                coalesce(sum(v.stock * coalesce(v.cost_cents, 0)), 0) as inventory_cost_cents
           from product_variants v where v.tenant_id = $1${scope}`,
        params,
      );
      const r = rows[0];
      return one({
        product_id: query.product_id ?? null,
        products: num(r.products), variants: num(r.variants), total_stock: num(r.total_stock),
        price_min: dollarsOrNull(r.price_min_cents), price_max: dollarsOrNull(r.price_max_cents), price_avg: dollarsOrNull(r.price_avg_cents),
        out_of_stock: num(r.out_of_stock), low_stock: num(r.low_stock), in_stock: num(r.in_stock),
        inventory_cost: dollarsOf(r.inventory_cost_cents),
      });
    },
  });

  api.route({
    method: 'GET',
    url: '/products/variants/options',
    access: 'read:products',
    answer: oneAnswer(z.array(variantOption)),
    query: productScope,
    async handler({ tx, auth, query }) {
      const { params, scope } = variantScope(auth.tenantId, query.product_id, 'product_id');
      const { rows } = await tx.query<{ name: string; value: string }>(
        `select distinct name, value from (
           select option1_name as name, option1_value as value from product_variants where tenant_id = $1${scope}
           union all select option2_name, option2_value from product_variants where tenant_id = $1${scope}
           union all select option3_name, option3_value from product_variants where tenant_id = $1${scope}
         ) o where name is not null and value is not null order by name, value`,
        params,
      );
      const byName = new Map<string, string[]>();
      for (const r of rows) byName.set(r.name, [...(byName.get(r.name) ?? []), r.value]);
      return one([...byName].map(([name, values]) => ({ name, values })));
    },
  });

  api.route({
    method: 'POST',
    url: '/products/bulk',
    access: 'write:products',
    body: bulkBody,
    async handler(ctx) {
      const results = await runBulk(ctx);
      const succeeded = results.filter((r) => r.ok).length;
      return one({ action: ctx.body.action, succeeded, failed: results.length - succeeded, results });
    },
  });

  api.route({
    method: 'GET',
    url: '/products/:id',
    access: 'read:products',
    answer: oneAnswer(productDetail),
    params: idParams,
    async handler({ tx, auth, params }) {
      const p = await getProduct(tx, auth.tenantId, params.id);
      if (!p) throw notFound('Product');
      return one(p);
    },
  });

  api.route({
    method: 'GET',
    url: '/products/:id/variants',
    access: 'read:products',
    answer: listAnswer(variant),
    params: idParams,
    async handler({ tx, auth, params }) {
      const exists = await tx.query('select 1 from products where tenant_id = $1 and id = $2', [auth.tenantId, params.id]);
      if (!exists.rows[0]) throw notFound('Product');
      const variants = await listVariants(tx, auth.tenantId, params.id);
      return { data: variants, pagination: { total: variants.length, limit: variants.length, offset: 0 }, _meta: one(null)._meta };
    },
  });

  api.route({
    method: 'POST',
    url: '/products',
    access: 'write:products',
    body: productCreate,
    async handler(ctx) {
      const id = await createProduct(ctx.tx, ctx.auth.tenantId, ctx.body);
      const created = await getProduct(ctx.tx, ctx.auth.tenantId, id);
      await ctx.audit({ action: 'product.create', resource: 'product', resourceId: id, after: created });
      await ctx.emit('products.created', { id, sku: String(created!.sku), title: String(created!.title) });
      ctx.status(201);
      return one(created);
    },
  });

  api.route({
    method: 'PUT',
    url: '/products/:id',
    lock: { table: 'products', what: 'Product' },
    access: 'write:products',
    params: idParams,
    body: productUpdate,
    async handler(ctx) {
      const t = ctx.auth.tenantId;
      const before = await getProduct(ctx.tx, t, ctx.params.id);
      if (!before) throw notFound('Product');
      await updateProduct(ctx.tx, t, ctx.params.id, ctx.body, { sku: before.sku as string, handle: before.handle as string });
      const after = await getProduct(ctx.tx, t, ctx.params.id);
      await ctx.audit({ action: 'product.update', resource: 'product', resourceId: ctx.params.id, before, after });
      await ctx.emit('products.updated', { id: ctx.params.id, sku: String(after!.sku), fields: Object.keys(ctx.body) });
      return one(after);
    },
  });

  api.route({
    method: 'DELETE',
    url: '/products/:id',
    lock: { table: 'products', what: 'Product' },
    access: 'write:products',
    params: idParams,
    async handler(ctx) {
      const before = await getProduct(ctx.tx, ctx.auth.tenantId, ctx.params.id);
      if (!before) throw notFound('Product');
      await ctx.tx.query('delete from products where tenant_id = $1 and id = $2', [ctx.auth.tenantId, ctx.params.id]);
      await ctx.audit({ action: 'product.delete', resource: 'product', resourceId: ctx.params.id, before });
      await ctx.emit('products.deleted', { id: ctx.params.id, sku: String(before.sku) });
      return one({ id: ctx.params.id, deleted: true });
    },
  });
};
export default defineModule({ name: 'products', routes: products, live: productsLive });
