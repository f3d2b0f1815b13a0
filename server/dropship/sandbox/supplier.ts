/**
 * The sandbox supplier (docs/dropshipping.md "Sandbox"): it answers a purchase order one tick after
 * it is placed, from what the mapping says at that moment — "out of stock" when the supplier stock
 * no longer covers a line, "price changed" when its cost went up since the order was placed,
 * otherwise confirmed — and ships a confirmed order the tick after. Deterministic: the same
 * mappings and ticks give the same answers.
 */
import type { Tx } from '../../db';
import { groupBy } from '../../group-by';
import type { RejectReason } from '../../../contract/fulfillment';

export const ANSWER_DELAY_TICKS = 1;
export const SHIP_DELAY_TICKS = 1;

export const REJECT_MESSAGE: Record<RejectReason, string> = {
  out_of_stock: 'Out of stock',
  price_changed: 'Price changed since the order was placed',
};

export type SupplierAnswer = { ok: true; reference: string } | { ok: false; reason: RejectReason };

interface AnswerRow { purchase_order_id: string; quantity: number; unit_cost_cents: number; stock: number | null; cost_cents: number | null }

/** The answers to purchase orders, read in one statement for all of them (a tick answers every one due). */
export async function supplierAnswers(tx: Tx, pos: readonly { id: string; number: string; supplier_id: string }[]): Promise<Map<string, SupplierAnswer>> {
  if (pos.length === 0) return new Map();
  const { rows } = await tx.query<AnswerRow>(
    `select i.purchase_order_id, i.quantity, i.unit_cost_cents, ps.supplier_stock as stock, ps.supplier_cost_cents as cost_cents
       from purchase_order_items i
       join purchase_orders po on po.id = i.purchase_order_id
       join order_items oi on oi.id = i.order_item_id
       -- the variant's own mapping, else the product-level link that covers every variant (as the router reads them)
       left join lateral (
         select m.supplier_stock, m.supplier_cost_cents from product_suppliers m
          where m.supplier_id = po.supplier_id and m.product_id = oi.product_id and (m.variant_id = oi.variant_id or m.variant_id is null)
          order by m.variant_id is null limit 1
       ) ps on true
      where i.purchase_order_id = any($1::uuid[])`,
    [pos.map((p) => p.id)],
  );
  const linesOf = groupBy(rows, (r) => String(r.purchase_order_id));
  return new Map(pos.map((po) => [po.id, answerOf(po, linesOf.get(po.id) ?? [])]));
}

/** One purchase order's answer from its lines as the supplier's mapping stands now. */
function answerOf(po: { number: string }, lines: readonly AnswerRow[]): SupplierAnswer {
  for (const r of lines) if (r.stock === null || Number(r.stock) < Number(r.quantity)) return { ok: false, reason: 'out_of_stock' };
  for (const r of lines) if (r.cost_cents !== null && Number(r.cost_cents) > Number(r.unit_cost_cents)) return { ok: false, reason: 'price_changed' };
  return { ok: true, reference: `SUP-${po.number.replace(/^PO-/, '')}` };
}
