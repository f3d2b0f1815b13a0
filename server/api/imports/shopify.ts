/**
 * Shopify product CSV import — docs/commerce.md The whole file is validated first (format, then SKUs and
 * handles against the tenant's catalogue); any bad row → the row report and nothing written; else
 * every product is created or updated (matched by handle) in one transaction. New products are
 * inserted in batches (unnest arrays), so a 20,000-row file costs a few hundred statements.
 */
import type { Tx } from '../../db';
import type { RowError } from '../../domain/csv';
import { parseShopifyProducts, type ShopifyProduct } from '../../domain/shopify-products-csv';
import { updateProduct } from '../products/write';
import type { VariantInput } from '../../../contract/products';
import type { Importer, ImportPlan, WriteCtx } from './importer';
import { toCents, toCentsOrNull } from '../../../contract/money';

/** New products per insert statement. */
const CREATE_BATCH = 500;

function variantsOf(p: ShopifyProduct): VariantInput[] {
  return p.variants.map((v, i) => ({
    sku: v.sku, price: v.price, compare_at_price: v.compare_at_price, cost: v.cost, stock: v.stock, weight: v.weight, position: i + 1,
    option1_name: v.option1_name, option1_value: v.option1_value, option2_name: v.option2_name, option2_value: v.option2_value,
    option3_name: v.option3_name, option3_value: v.option3_value,
  }));
}

/**
 * Products and their variants, as createProduct would write them (stock = sum, price = lowest variant
 * price); the file's dollars stored in cents (docs/commerce.md "Money").
 */
async function createBatch(tx: Tx, tenantId: string, products: ShopifyProduct[]): Promise<Map<string, string>> {
  const { rows } = await tx.query<{ id: string; handle: string }>(
    `insert into products (tenant_id, handle, title, sku, status, description, vendor, product_type, tags, price_cents, cost_cents, stock, weight)
     select $1, u.handle, u.title, u.sku, u.status, u.description, u.vendor, u.product_type, u.tags, u.price, u.cost, u.stock, u.weight
       from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::int8[],
                   $11::int8[], $12::int[], $13::numeric[])
         as u(handle, title, sku, status, description, vendor, product_type, tags, price, cost, stock, weight)
     returning id, handle`,
    [
      tenantId, products.map((p) => p.handle), products.map((p) => p.title), products.map((p) => p.sku), products.map((p) => p.status),
      products.map((p) => p.description), products.map((p) => p.vendor), products.map((p) => p.product_type), products.map((p) => p.tags),
      products.map((p) => Math.min(...p.variants.map((v) => toCents(v.price)))), products.map((p) => toCentsOrNull(p.variants[0].cost)),
      products.map((p) => p.variants.reduce((s, v) => s + v.stock, 0)), products.map((p) => p.variants[0].weight),
    ],
  );
  const idOf = new Map(rows.map((r) => [r.handle, r.id]));
  const vs = products.flatMap((p) => variantsOf(p).map((v) => ({ ...v, product_id: idOf.get(p.handle)! })));
  const col = <K extends keyof (typeof vs)[number]>(k: K) => vs.map((v) => v[k] ?? null);
  await tx.query(
    `insert into product_variants (tenant_id, product_id, position, option1_name, option1_value, option2_name, option2_value,
       option3_name, option3_value, sku, price_cents, compare_at_price_cents, cost_cents, stock, weight)
     select $1, u.p, u.pos, u.o1n, u.o1v, u.o2n, u.o2v, u.o3n, u.o3v, u.sku, u.price, u.cap, u.cost, u.stock, u.weight
       from unnest($2::uuid[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[],
                   $11::int8[], $12::int8[], $13::int8[], $14::int[], $15::numeric[])
         as u(p, pos, o1n, o1v, o2n, o2v, o3n, o3v, sku, price, cap, cost, stock, weight)`,
    [
      tenantId, col('product_id'), col('position'), col('option1_name'), col('option1_value'), col('option2_name'), col('option2_value'),
      col('option3_name'), col('option3_value'), col('sku'), vs.map((v) => toCents(v.price)), vs.map((v) => toCentsOrNull(v.compare_at_price)),
      vs.map((v) => toCentsOrNull(v.cost)), col('stock'), col('weight'),
    ],
  );
  return idOf;
}

/**
 * The file's images replace the products' images (product images from Image Src, the variant's own
 * from Variant Image; docs/marketplaces.md "Product images"). Files without image columns keep them.
 */
async function replaceImages(tx: Tx, tenantId: string, products: ShopifyProduct[]): Promise<void> {
  const { rows } = await tx.query<{ id: string; handle: string }>('select id, handle from products where tenant_id = $1 and handle = any($2::text[])', [
    tenantId,
    products.map((p) => p.handle),
  ]);
  const idOf = new Map(rows.map((r) => [r.handle, r.id]));
  const ids = [...idOf.values()];
  await tx.query('delete from product_images where tenant_id = $1 and product_id = any($2::uuid[])', [tenantId, ids]);
  const variants = await tx.query<{ id: string; sku: string }>('select id, upper(sku) as sku from product_variants where tenant_id = $1 and product_id = any($2::uuid[])', [tenantId, ids]);
  const variantOf = new Map(variants.rows.map((v) => [v.sku, v.id]));
  const img = { product: [] as string[], variant: [] as (string | null)[], url: [] as string[], alt: [] as (string | null)[], pos: [] as number[] };
  for (const p of products) {
    const pid = idOf.get(p.handle);
    if (!pid) continue;
    for (const i of p.images) {
      img.product.push(pid); img.variant.push(null); img.url.push(i.src); img.alt.push(i.alt); img.pos.push(i.position);
    }
    for (const v of p.variants) {
      if (!v.image) continue;
      img.product.push(pid); img.variant.push(variantOf.get(v.sku.toUpperCase()) ?? null); img.url.push(v.image); img.alt.push(null); img.pos.push(1);
    }
  }
  if (img.url.length === 0) return;
  await tx.query(
    `insert into product_images (tenant_id, product_id, variant_id, url, alt, position)
     select $1, u.p, u.v, u.url, u.alt, u.pos from unnest($2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::int[]) as u(p, v, url, alt, pos)`,
    [tenantId, img.product, img.variant, img.url, img.alt, img.pos],
  );
}

async function plan(tx: Tx, t: string, products: ShopifyProduct[], rowsTotal: number, hasImages = false): Promise<ImportPlan> {
  const errors: RowError[] = [];
  const handles = products.map((p) => p.handle);
  const handleSet = new Set(handles);
  // SKUs are unique case-insensitively (docs/commerce.md): a clash is a row error, not a failed write
  const existing = await tx.query<{ id: string; handle: string; sku: string }>(
    'select id, handle, sku from products where tenant_id = $1 and (handle = any($2::text[]) or upper(sku) = any($3::text[]))',
    [t, handles, products.map((p) => p.sku)],
  );
  const byHandle = new Map(existing.rows.filter((r) => handleSet.has(r.handle)).map((r) => [r.handle, r]));
  const skuOwner = new Map(existing.rows.map((r) => [r.sku.toUpperCase(), r.handle]));
  for (const p of products) {
    const owner = skuOwner.get(p.sku);
    if (owner !== undefined && owner !== p.handle) errors.push({ row: p.row, column: 'Handle', reason: `Product SKU ${p.sku} is already used by product ${owner}` });
  }
  const skus = products.flatMap((p) => p.variants.map((v) => v.sku.toUpperCase()));
  const owners = await tx.query<{ sku: string; handle: string }>(
    `select upper(v.sku) as sku, p.handle from product_variants v join products p on p.id = v.product_id
      where v.tenant_id = $1 and upper(v.sku) = any($2::text[])`,
    [t, skus],
  );
  const ownerOf = new Map(owners.rows.map((r) => [r.sku, r.handle]));
  for (const p of products) {
    for (const v of p.variants) {
      const owner = ownerOf.get(v.sku.toUpperCase());
      if (owner && owner !== p.handle) errors.push({ row: v.row, column: 'Variant SKU', reason: `SKU ${v.sku} already belongs to product ${owner}` });
    }
  }
  const updated = products.filter((p) => byHandle.has(p.handle)).length;
  const summary = { created: products.length - updated, updated, rows: rowsTotal };
  return {
    errors,
    summary,
    async write(w: WriteCtx, onRows) {
      let done = 0;
      const fresh = products.filter((p) => !byHandle.has(p.handle));
      for (let i = 0; i < fresh.length; i += CREATE_BATCH) {
        const batch = fresh.slice(i, i + CREATE_BATCH);
        const ids = await createBatch(w.tx, t, batch);
        for (const p of batch) await w.emit('products.created', { id: ids.get(p.handle)!, sku: p.sku, title: p.title, source: 'shopify_import' });
        done += batch.reduce((s, p) => s + p.variants.length, 0);
        onRows(done);
      }
      for (const p of products) {
        const current = byHandle.get(p.handle);
        if (!current) continue;
        const first = p.variants[0];
        await updateProduct(w.tx, t, current.id, {
          title: p.title, status: p.status, description: p.description, vendor: p.vendor, product_type: p.product_type, tags: p.tags,
          cost: first.cost, weight: first.weight, variants: variantsOf(p),
        }, current);
        await w.emit('products.updated', { id: current.id, sku: current.sku, source: 'shopify_import' });
        done += p.variants.length;
        onRows(done);
      }
      if (hasImages) await replaceImages(w.tx, t, products);
      await w.audit({ action: 'product.import', resource: 'product', resourceId: null, after: { format: 'shopify', ...summary, handles } });
    },
  };
}

export const shopifyImporter: Importer = {
  kind: 'shopify-products',
  access: 'write:products',
  async read(input, onProgress) {
    const parsed = await parseShopifyProducts(input, onProgress);
    return { errors: parsed.errors, rowsTotal: parsed.rowsTotal, plan: (tx, t) => plan(tx, t, parsed.products, parsed.rowsTotal, parsed.hasImages) };
  },
};
