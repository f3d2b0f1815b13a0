/**
 * Shopify product CSV import — issue 5 §3. The whole file is validated first (format, then SKUs and
 * handles against the tenant's catalogue); any bad row → 400 import_invalid with every bad row and
 * nothing written; else every product is created or updated (matched by handle) in one transaction.
 */
import type { Ctx } from '../kit';
import { HttpError } from '../errors';
import type { RowError } from '../../domain/csv';
import { parseShopifyProducts, type ShopifyProduct } from '../../domain/shopify-products-csv';
import { createProduct, updateProduct } from '../products/write';
import type { VariantInput } from '../products/schemas';
import type { ImportQuery } from './schemas';

export function importInvalid(errors: RowError[], rowsTotal: number): HttpError {
  return new HttpError(400, 'import_invalid', `The file has ${errors.length} problem(s); nothing was imported`, { errors, rows_total: rowsTotal });
}

function variantsOf(p: ShopifyProduct): VariantInput[] {
  return p.variants.map((v, i) => ({
    sku: v.sku, price: v.price, compare_at_price: v.compare_at_price, cost: v.cost, stock: v.stock, weight: v.weight, position: i + 1,
    option1_name: v.option1_name, option1_value: v.option1_value, option2_name: v.option2_name, option2_value: v.option2_value,
    option3_name: v.option3_name, option3_value: v.option3_value,
  }));
}

export async function importShopify(ctx: Ctx<unknown, ImportQuery, string>) {
  const { tx, auth } = ctx;
  const t = auth.tenantId;
  const parsed = parseShopifyProducts(ctx.body);
  const errors = [...parsed.errors];
  const handles = parsed.products.map((p) => p.handle);
  const existing = await tx.query<{ id: string; handle: string; sku: string }>(
    'select id, handle, sku from products where tenant_id = $1 and (handle = any($2::text[]) or sku = any($3::text[]))',
    [t, handles, parsed.products.map((p) => p.sku)],
  );
  const byHandle = new Map(existing.rows.filter((r) => handles.includes(r.handle)).map((r) => [r.handle, r]));
  for (const p of parsed.products) {
    const clash = existing.rows.find((r) => r.sku === p.sku && r.handle !== p.handle);
    if (clash) errors.push({ row: p.row, column: 'Handle', reason: `Product SKU ${p.sku} is already used by product ${clash.handle}` });
  }
  const skus = parsed.products.flatMap((p) => p.variants.map((v) => v.sku.toUpperCase()));
  const owners = await tx.query<{ sku: string; handle: string }>(
    `select upper(v.sku) as sku, p.handle from product_variants v join products p on p.id = v.product_id
      where v.tenant_id = $1 and upper(v.sku) = any($2::text[])`,
    [t, skus],
  );
  const ownerOf = new Map(owners.rows.map((r) => [r.sku, r.handle]));
  for (const p of parsed.products) {
    for (const v of p.variants) {
      const owner = ownerOf.get(v.sku.toUpperCase());
      if (owner && owner !== p.handle) errors.push({ row: v.row, column: 'Variant SKU', reason: `SKU ${v.sku} already belongs to product ${owner}` });
    }
  }
  if (errors.length) throw importInvalid(errors.sort((a, b) => a.row - b.row), parsed.rowsTotal);
  const updated = parsed.products.filter((p) => byHandle.has(p.handle)).length;
  const summary = { created: parsed.products.length - updated, updated, rows: parsed.rowsTotal };
  if (ctx.query.dry_run) return { ...summary, dry_run: true };
  for (const p of parsed.products) {
    const first = p.variants[0];
    const fields = {
      title: p.title, status: p.status, description: p.description, vendor: p.vendor, product_type: p.product_type, tags: p.tags,
      cost: first.cost, weight: first.weight, variants: variantsOf(p),
    };
    const current = byHandle.get(p.handle);
    if (current) {
      await updateProduct(tx, t, current.id, fields, current);
      await ctx.emit('products.updated', { id: current.id, sku: current.sku, source: 'shopify_import' });
    } else {
      const id = await createProduct(tx, t, { ...fields, sku: p.sku, handle: p.handle, stock: 0, suppliers: [] });
      await ctx.emit('products.created', { id, sku: p.sku, title: p.title, source: 'shopify_import' });
    }
  }
  await ctx.audit({ action: 'import', resource: 'products', resourceId: null, after: { format: 'shopify', ...summary, handles } });
  return { ...summary, dry_run: false };
}
