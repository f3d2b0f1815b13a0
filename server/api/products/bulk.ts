/**
 * Bulk product edit — docs/commerce.md: `{action, ids, changes}` → one result per id. Each item is checked
 * before it is written (missing, below MAP), so one bad item fails alone and the others still apply.
 * Price changes apply to every variant; stock sets every variant's stock (docs/commerce.md). Amounts in
 * the reasons are written by the money module with their currency (`$2.00`), as the console writes them.
 */
import type { Ctx } from '../kit';
import { dollarsOf, num, numOrNull } from '../../domain/numbers';
import { addPercent, formatCents, toCents } from '../../../contract/money';
import { rollUpVariants } from './write';
import type { BulkBody } from '../../../contract/products';
import { MONEY_MAX } from '../../../contract/fields';

export interface BulkResult { id: string; ok: boolean; error?: { code: string; message: string } }

interface PriceRow { id: string; price_cents: unknown; map_price_cents: unknown; stock: unknown }

/** The new price in cents: a set price, or the old one moved by a percentage (half a cent up, contract/money.ts). */
function newPrice(old: number, c: NonNullable<BulkBody['changes']>): number {
  if (c.price !== undefined) return toCents(c.price);
  if (c.price_delta_pct !== undefined) return addPercent(old, c.price_delta_pct);
  return old;
}

export async function runBulk(ctx: Ctx<unknown, unknown, BulkBody>): Promise<BulkResult[]> {
  const { tx, auth, body } = ctx;
  const t = auth.tenantId;
  const results: BulkResult[] = [];
  for (const id of [...new Set(body.ids)]) {
    const cur = await tx.query<PriceRow & { sku: string; title: string; status: string }>(
      'select id, sku, title, status, price_cents, map_price_cents, stock from products where tenant_id = $1 and id = $2',
      [t, id],
    );
    const product = cur.rows[0];
    if (!product) {
      results.push({ id, ok: false, error: { code: 'not_found', message: 'Product not found' } });
      continue;
    }
    const before = { sku: product.sku, price: dollarsOf(product.price_cents), stock: num(product.stock) };
    if (body.action === 'delete') {
      await tx.query('delete from products where tenant_id = $1 and id = $2', [t, id]);
      await ctx.audit({ action: 'product.delete', resource: 'product', resourceId: id, before: { ...before, title: product.title } });
      await ctx.emit('products.deleted', { id, sku: product.sku, bulk: true });
      results.push({ id, ok: true });
      continue;
    }
    const changes = body.changes!;
    const variants = (await tx.query<PriceRow>('select id, price_cents, map_price_cents, stock from product_variants where tenant_id = $1 and product_id = $2', [t, id])).rows;
    const targets = variants.length ? variants : [product];
    const priced = targets.map((v) => ({ id: v.id, price: newPrice(num(v.price_cents), changes), map: numOrNull(v.map_price_cents) }));
    // a relative change can push a large price past what the money columns hold: this item fails alone
    const tooHigh = priced.find((v) => v.price > MONEY_MAX * 100);
    if (tooHigh) {
      results.push({ id, ok: false, error: { code: 'out_of_range', message: `New price ${formatCents(tooHigh.price)} is above ${formatCents(MONEY_MAX * 100)}` } });
      continue;
    }
    const belowMap = priced.find((v) => v.map !== null && v.price < v.map);
    if (belowMap) {
      results.push({ id, ok: false, error: { code: 'below_map', message: `New price ${formatCents(belowMap.price)} is below the MAP price ${formatCents(belowMap.map!)}` } });
      continue;
    }
    if (variants.length) {
      for (const v of priced) {
        await tx.query('update product_variants set price_cents = $3, stock = coalesce($4, stock), updated_at = now() where tenant_id = $1 and id = $2', [t, v.id, v.price, changes.stock ?? null]);
      }
      await rollUpVariants(tx, t, id);
    } else {
      await tx.query('update products set price_cents = $3, stock = coalesce($4, stock), updated_at = now() where tenant_id = $1 and id = $2', [t, id, priced[0].price, changes.stock ?? null]);
    }
    const after = await tx.query<{ price_cents: unknown; stock: unknown }>('select price_cents, stock from products where tenant_id = $1 and id = $2', [t, id]);
    const afterRow = { sku: product.sku, price: dollarsOf(after.rows[0].price_cents), stock: num(after.rows[0].stock) };
    await ctx.audit({ action: 'product.update', resource: 'product', resourceId: id, before, after: afterRow });
    await ctx.emit('products.updated', { id, sku: product.sku, changes, bulk: true });
    results.push({ id, ok: true });
  }
  return results;
}
