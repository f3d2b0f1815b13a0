/**
 * Product writes — docs/commerce.md A product's stock is the sum of its variants' stock and its price the
 * lowest variant price whenever it has variants (docs/commerce.md); SKUs are unique per tenant.
 * Shared by the routes, bulk edits and the Shopify import.
 */
import type { Tx } from '../../db';
import { HttpError, badRequest } from '../errors';
import type { ProductCreate, ProductUpdate, VariantInput } from '../../../contract/products';
import type { z } from 'zod';
import type { supplierLinkInput } from '../../../contract/products';
import { toCents, toCentsOrNull } from '../../../contract/money';

type SupplierLink = z.infer<typeof supplierLinkInput>;

export const skuTaken = (sku: string, field = 'sku') =>
  new HttpError(409, 'sku_taken', `SKU ${sku} is already used by another product`, [{ field, message: 'SKU already in use', code: 'sku_taken' }]);

export function handleFromSku(sku: string): string {
  return sku.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'product';
}

async function assertProductKeysFree(tx: Tx, tenantId: string, sku: string, handle: string, exceptId: string | null) {
  const { rows } = await tx.query<{ sku: string; handle: string }>(
    `select sku, handle from products where tenant_id = $1 and (upper(sku) = upper($2) or handle = $3) and id is distinct from $4::uuid`,
    [tenantId, sku, handle, exceptId],
  );
  if (rows.some((r) => r.sku.toUpperCase() === sku.toUpperCase())) throw skuTaken(sku);
  if (rows.length > 0) throw new HttpError(409, 'handle_taken', `Handle ${handle} is already used by another product`, [{ field: 'handle', message: 'Handle already in use', code: 'handle_taken' }]);
}

async function assertSuppliersExist(tx: Tx, tenantId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const { rows } = await tx.query<{ id: string }>('select id from suppliers where tenant_id = $1 and id = any($2::uuid[])', [tenantId, unique]);
  const found = new Set(rows.map((r) => r.id));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length) {
    throw badRequest('Unknown supplier', missing.map((id) => ({ field: 'supplier_id', message: `No supplier ${id}`, code: 'unknown_supplier' })));
  }
}

/** Replaces a product's variants: matched by id or SKU are updated, new ones inserted, missing ones deleted. */
export async function replaceVariants(tx: Tx, tenantId: string, productId: string, variants: VariantInput[]): Promise<void> {
  const skus = variants.map((v) => v.sku.toUpperCase());
  // field paths name the row (`variants.2.sku`) so a form shows the error under that row's SKU
  const dupAt = skus.findIndex((s, i) => skus.indexOf(s) !== i);
  if (dupAt >= 0) throw badRequest('Duplicate variant SKU', [{ field: `variants.${dupAt}.sku`, message: `SKU ${variants[dupAt].sku} appears twice`, code: 'duplicate_sku' }]);
  if (variants.length) {
    const clash = await tx.query<{ sku: string }>(
      'select sku from product_variants where tenant_id = $1 and upper(sku) = any($2::text[]) and product_id <> $3',
      [tenantId, skus, productId],
    );
    if (clash.rows[0]) throw skuTaken(clash.rows[0].sku, `variants.${skus.indexOf(clash.rows[0].sku.toUpperCase())}.sku`);
  }
  const existing = await tx.query<{ id: string; sku: string }>('select id, sku from product_variants where tenant_id = $1 and product_id = $2', [tenantId, productId]);
  const byId = new Map(existing.rows.map((r) => [r.id, r]));
  const bySku = new Map(existing.rows.map((r) => [r.sku.toUpperCase(), r]));
  const kept = new Set<string>();
  for (const [i, v] of variants.entries()) {
    const match = (v.id && byId.get(v.id)) || bySku.get(v.sku.toUpperCase());
    const values = [
      v.position ?? i + 1, v.option1_name ?? null, v.option1_value ?? null, v.option2_name ?? null, v.option2_value ?? null,
      v.option3_name ?? null, v.option3_value ?? null, v.sku, toCents(v.price), toCentsOrNull(v.compare_at_price), toCentsOrNull(v.cost),
      toCentsOrNull(v.map_price), v.stock, v.weight ?? null,
    ];
    if (match) {
      kept.add(match.id);
      await tx.query(
        `update product_variants set position = $3, option1_name = $4, option1_value = $5, option2_name = $6, option2_value = $7,
           option3_name = $8, option3_value = $9, sku = $10, price_cents = $11, compare_at_price_cents = $12, cost_cents = $13, map_price_cents = $14,
           stock = $15, weight = $16, updated_at = now()
         where tenant_id = $1 and id = $2`,
        [tenantId, match.id, ...values],
      );
    } else {
      await tx.query(
        `insert into product_variants (tenant_id, product_id, position, option1_name, option1_value, option2_name, option2_value,
           option3_name, option3_value, sku, price_cents, compare_at_price_cents, cost_cents, map_price_cents, stock, weight)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
        [tenantId, productId, ...values],
      );
    }
  }
  const gone = existing.rows.filter((r) => !kept.has(r.id)).map((r) => r.id);
  if (gone.length) await tx.query('delete from product_variants where tenant_id = $1 and id = any($2::uuid[])', [tenantId, gone]);
  await rollUpVariants(tx, tenantId, productId);
}

/** Keeps the product's stock (sum) and price (lowest) in step with its variants. */
export async function rollUpVariants(tx: Tx, tenantId: string, productId: string): Promise<void> {
  await tx.query(
    `update products p set stock = v.stock, price_cents = v.price_cents, updated_at = now()
       from (select sum(stock)::int as stock, min(price_cents) as price_cents from product_variants where tenant_id = $1 and product_id = $2) v
      where p.tenant_id = $1 and p.id = $2 and v.price_cents is not null`,
    [tenantId, productId],
  );
}

async function replaceSupplierLinks(tx: Tx, tenantId: string, productId: string, links: SupplierLink[]): Promise<void> {
  await assertSuppliersExist(tx, tenantId, links.map((l) => l.supplier_id));
  await tx.query('delete from product_suppliers where tenant_id = $1 and product_id = $2', [tenantId, productId]);
  for (const l of links) {
    let variantId: string | null = null;
    if (l.variant_sku) {
      const v = await tx.query<{ id: string }>('select id from product_variants where tenant_id = $1 and product_id = $2 and upper(sku) = upper($3)', [tenantId, productId, l.variant_sku]);
      if (!v.rows[0]) throw badRequest('Unknown variant SKU', [{ field: 'suppliers.variant_sku', message: `No variant ${l.variant_sku} on this product`, code: 'unknown_variant' }]);
      variantId = v.rows[0].id;
    }
    await tx.query(
      `insert into product_suppliers (tenant_id, product_id, variant_id, supplier_id, supplier_cost_cents, supplier_stock)
       values ($1, $2, $3, $4, $5, $6) on conflict do nothing`,
      [tenantId, productId, variantId, l.supplier_id, toCentsOrNull(l.supplier_cost), l.supplier_stock],
    );
  }
}

export async function createProduct(tx: Tx, tenantId: string, p: ProductCreate): Promise<string> {
  const handle = p.handle ?? handleFromSku(p.sku);
  await assertProductKeysFree(tx, tenantId, p.sku, handle, null);
  if (p.supplier_id) await assertSuppliersExist(tx, tenantId, [p.supplier_id]);
  const { rows } = await tx.query<{ id: string }>(
    `insert into products (tenant_id, handle, title, sku, status, description, vendor, product_type, tags, price_cents, cost_cents, map_price_cents,
       stock, weight, supplier_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) returning id`,
    [
      tenantId, handle, p.title, p.sku, p.status, p.description ?? null, p.vendor ?? null, p.product_type ?? null, p.tags ?? null,
      toCents(p.price ?? 0), toCentsOrNull(p.cost), toCentsOrNull(p.map_price), p.stock, p.weight ?? null, p.supplier_id ?? null,
    ],
  );
  const id = rows[0].id;
  if (p.variants.length) await replaceVariants(tx, tenantId, id, p.variants);
  if (p.suppliers.length) await replaceSupplierLinks(tx, tenantId, id, p.suppliers);
  return id;
}

const UPDATABLE = ['title', 'sku', 'handle', 'status', 'description', 'vendor', 'product_type', 'tags', 'price', 'cost', 'map_price', 'stock', 'weight', 'supplier_id'] as const;

export async function updateProduct(tx: Tx, tenantId: string, id: string, p: ProductUpdate, current: { sku: string; handle: string }): Promise<void> {
  const sku = p.sku ?? current.sku;
  const handle = p.handle ?? current.handle;
  if (p.sku !== undefined || p.handle !== undefined) await assertProductKeysFree(tx, tenantId, sku, handle, id);
  if (p.supplier_id) await assertSuppliersExist(tx, tenantId, [p.supplier_id]);
  const sets: string[] = [];
  const params: unknown[] = [tenantId, id];
  for (const k of UPDATABLE) {
    if (p[k] === undefined) continue;
    // amounts arrive in dollars and are stored in cents (docs/commerce.md "Money")
    const money = k === 'price' || k === 'cost' || k === 'map_price';
    params.push(money ? toCentsOrNull(p[k] as number | null) : p[k]);
    sets.push(`${money ? `${k}_cents` : k} = $${params.length}`);
  }
  await tx.query(`update products set ${[...sets, 'updated_at = now()'].join(', ')} where tenant_id = $1 and id = $2`, params);
  if (p.variants) await replaceVariants(tx, tenantId, id, p.variants);
  if (p.suppliers) await replaceSupplierLinks(tx, tenantId, id, p.suppliers);
}
