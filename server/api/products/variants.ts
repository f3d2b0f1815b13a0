/**
 * One variant at a time — docs/commerce.md "Variants one at a time". Each write runs in the route's
 * transaction, rolls the product's price and stock up from its variants again, and refuses a SKU that
 * another variant of the tenant already has (409 with a field error under `sku`).
 */
import type { Tx } from '../../db';
import { HttpError, notFound } from '../errors';
import { BELOW_MAP_MESSAGE, priceAtLeastMap, type VariantCreate, type VariantUpdate } from '../../../contract/product-variants';
import { getVariant, type Row } from './queries';
import { rollUpVariants } from './write';
import { toCentsOrNull } from '../../../contract/money';

export const variantSkuTaken = (sku: string) =>
  new HttpError(409, 'sku_taken', `SKU ${sku} is already used by another variant`, [{ field: 'sku', message: 'SKU already in use', code: 'sku_taken' }]);

const COLUMNS = [
  'position', 'option1_name', 'option1_value', 'option2_name', 'option2_value', 'option3_name', 'option3_value', 'sku', 'price',
  'compare_at_price', 'cost', 'map_price', 'stock', 'weight',
] as const;
/** Amounts arrive in dollars and are stored in cents (docs/commerce.md "Money"). */
const MONEY = new Set<string>(['price', 'compare_at_price', 'cost', 'map_price']);
const column = (c: (typeof COLUMNS)[number]) => (MONEY.has(c) ? `${c}_cents` : c);
const stored = (c: (typeof COLUMNS)[number], v: unknown) => (MONEY.has(c) ? toCentsOrNull(v as number | null | undefined) : v);

/** The product, locked for this command: concurrent variant writes on one product roll up in turn. */
export async function lockProduct(tx: Tx, tenantId: string, productId: string): Promise<{ id: string; sku: string }> {
  const { rows } = await tx.query<{ id: string; sku: string }>('select id, sku from products where tenant_id = $1 and id = $2 for update', [tenantId, productId]);
  if (!rows[0]) throw notFound('Product');
  return rows[0];
}

async function assertSkuFree(tx: Tx, tenantId: string, sku: string, exceptId: string | null): Promise<void> {
  const { rows } = await tx.query('select 1 from product_variants where tenant_id = $1 and upper(sku) = upper($2) and id is distinct from $3::uuid', [tenantId, sku, exceptId]);
  if (rows[0]) throw variantSkuTaken(sku);
}

/** A write that lost a race to the unique SKU index is the same 409 as one caught by the check. */
async function mapUniqueViolation<T>(sku: string | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (sku && (e as { code?: string }).code === '23505') throw variantSkuTaken(sku);
    throw e;
  }
}

export async function createVariant(tx: Tx, tenantId: string, productId: string, v: VariantCreate): Promise<Row> {
  await assertSkuFree(tx, tenantId, v.sku, null);
  const position =
    v.position ??
    Number((await tx.query<{ next: number }>('select coalesce(max(position), 0) + 1 as next from product_variants where tenant_id = $1 and product_id = $2', [tenantId, productId])).rows[0].next);
  const values = COLUMNS.map((c) => (c === 'position' ? position : stored(c, v[c] ?? null)));
  const { rows } = await mapUniqueViolation(v.sku, () =>
    tx.query<{ id: string }>(
      `insert into product_variants (tenant_id, product_id, ${COLUMNS.map(column).join(', ')})
       values ($1, $2, ${COLUMNS.map((_, i) => `$${i + 3}`).join(', ')}) returning id`,
      [tenantId, productId, ...values],
    ),
  );
  await rollUpVariants(tx, tenantId, productId);
  return (await getVariant(tx, tenantId, productId, rows[0].id))!;
}

export async function updateVariant(tx: Tx, tenantId: string, productId: string, before: Row, change: VariantUpdate): Promise<Row> {
  const merged = { price: (change.price ?? before.price) as number, map_price: (change.map_price !== undefined ? change.map_price : before.map_price) as number | null };
  if (!priceAtLeastMap(merged)) {
    throw new HttpError(400, 'validation_failed', `${BELOW_MAP_MESSAGE} (${(merged.map_price ?? 0).toFixed(2)})`, [
      { field: 'price', message: BELOW_MAP_MESSAGE, code: 'below_map' },
    ]);
  }
  if (change.sku !== undefined && change.sku.toUpperCase() !== String(before.sku).toUpperCase()) await assertSkuFree(tx, tenantId, change.sku, before.id as string);
  const sets: string[] = [];
  const params: unknown[] = [tenantId, before.id];
  for (const c of COLUMNS) {
    if (change[c] === undefined) continue;
    params.push(stored(c, change[c]));
    sets.push(`${column(c)} = $${params.length}`);
  }
  await mapUniqueViolation(change.sku, () =>
    tx.query(`update product_variants set ${[...sets, 'updated_at = now()'].join(', ')} where tenant_id = $1 and id = $2`, params),
  );
  await rollUpVariants(tx, tenantId, productId);
  return (await getVariant(tx, tenantId, productId, before.id as string))!;
}

/** Deletes a variant; order lines keep their SKU, title and price and lose only the link (0004_commerce.sql). */
export async function deleteVariant(tx: Tx, tenantId: string, productId: string, variantId: string): Promise<void> {
  await tx.query('delete from product_variants where tenant_id = $1 and product_id = $2 and id = $3', [tenantId, productId, variantId]);
  await rollUpVariants(tx, tenantId, productId);
}
