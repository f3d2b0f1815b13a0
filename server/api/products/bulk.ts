/**
 * Bulk product edit — docs/commerce.md: `{action, ids, changes}` → one result per id. Each item is checked
 * before it is written (missing, below MAP), so one bad item fails alone and the others still apply.
 * Price changes apply to every variant; stock sets every variant's stock (docs/commerce.md).
 */
import type { Ctx } from '../kit';
import { num, numOrNull, round2 } from '../../domain/numbers';
import { rollUpVariants } from './write';
import type { BulkBody } from '../../../contract/products';
import { MONEY_MAX } from '../../../contract/fields';

export interface BulkResult { id: string; ok: boolean; error?: { code: string; message: string } }

interface PriceRow { id: string; price: unknown; map_price: unknown; stock: unknown }

function newPrice(old: number, c: NonNullable<BulkBody['changes']>): number {
  if (c.price !== undefined) return c.price;
  if (c.price_delta_pct !== undefined) return round2(old * (1 + c.price_delta_pct / 100));
  return old;
}

export async function runBulk(ctx: Ctx<unknown, unknown, BulkBody>): Promise<BulkResult[]> {
  const { tx, auth, body } = ctx;
  const t = auth.tenantId;
  const results: BulkResult[] = [];
  for (const id of [...new Set(body.ids)]) {
    const cur = await tx.query<PriceRow & { sku: string; title: string; status: string }>(
      'select id, sku, title, status, price, map_price, stock from products where tenant_id = $1 and id = $2',
      [t, id],
    );
    const product = cur.rows[0];
    if (!product) {
      results.push({ id, ok: false, error: { code: 'not_found', message: 'Product not found' } });
      continue;
    }
    const before = { sku: product.sku, price: num(product.price), stock: num(product.stock) };
    if (body.action === 'delete') {
      await tx.query('delete from products where tenant_id = $1 and id = $2', [t, id]);
      await ctx.audit({ action: 'delete', resource: 'products', resourceId: id, before: { ...before, title: product.title } });
      await ctx.emit('products.deleted', { id, sku: product.sku, bulk: true });
      results.push({ id, ok: true });
      continue;
    }
    const changes = body.changes!;
    const variants = (await tx.query<PriceRow>('select id, price, map_price, stock from product_variants where tenant_id = $1 and product_id = $2', [t, id])).rows;
    const targets = variants.length ? variants : [product];
    const priced = targets.map((v) => ({ id: v.id, price: newPrice(num(v.price), changes), map: numOrNull(v.map_price) }));
    // a relative change can push a large price past what the money columns hold: this item fails alone
    const tooHigh = priced.find((v) => v.price > MONEY_MAX);
    if (tooHigh) {
      results.push({ id, ok: false, error: { code: 'out_of_range', message: `New price ${tooHigh.price.toFixed(2)} is above ${MONEY_MAX.toLocaleString('en-US')}` } });
      continue;
    }
    const belowMap = priced.find((v) => v.map !== null && v.price < v.map);
    if (belowMap) {
      results.push({ id, ok: false, error: { code: 'below_map', message: `New price ${belowMap.price.toFixed(2)} is below the MAP price ${belowMap.map!.toFixed(2)}` } });
      continue;
    }
    if (variants.length) {
      for (const v of priced) {
        await tx.query('update product_variants set price = $3, stock = coalesce($4, stock), updated_at = now() where tenant_id = $1 and id = $2', [t, v.id, v.price, changes.stock ?? null]);
      }
      await rollUpVariants(tx, t, id);
    } else {
      await tx.query('update products set price = $3, stock = coalesce($4, stock), updated_at = now() where tenant_id = $1 and id = $2', [t, id, priced[0].price, changes.stock ?? null]);
    }
    const after = await tx.query<{ price: unknown; stock: unknown }>('select price, stock from products where tenant_id = $1 and id = $2', [t, id]);
    const afterRow = { sku: product.sku, price: num(after.rows[0].price), stock: num(after.rows[0].stock) };
    await ctx.audit({ action: 'update', resource: 'products', resourceId: id, before, after: afterRow });
    await ctx.emit('products.updated', { id, sku: product.sku, changes, bulk: true });
    results.push({ id, ok: true });
  }
  return results;
}
