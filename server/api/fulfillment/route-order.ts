/**
 * Routing an order (docs/dropshipping.md "Routing"): every item goes to the supplier the router picks
 * (server/domain/dropship/router.ts), the tenant's hold rules may keep the order back, and one
 * purchase order per supplier is placed. Idempotent: an attempt is routed once (order_routes is
 * unique per item and attempt), so a redelivered event or a replay changes nothing twice.
 */
import type { Tx } from '../../db';
import { appendEvent, type EventIds } from '../../events/outbox';
import { routeItem, type RankedOption, type SupplierOption } from '../../domain/dropship/router';
import { orderHoldReasons, UNMAPPED_SKU, type RoutedLine } from '../../domain/dropship/holds';
import { ANSWER_DELAY_TICKS } from '../../dropship/sandbox/supplier';
import { FULFILLMENT_EVENTS } from '../../dropship/events';
import { holdSettingsOf, loadSettings } from './settings';
import { advanceOrder } from './order-status';

export type RouteOutcome = { kind: 'placed'; attempt: number; purchaseOrders: string[] } | { kind: 'held'; reasons: string[] } | { kind: 'skipped'; why: string };

interface ItemRow { id: string; sku: string; quantity: number; unit_price_cents: number; product_id: string | null; variant_id: string | null }

async function optionsFor(tx: Tx, tenantId: string, item: ItemRow): Promise<SupplierOption[]> {
  if (!item.variant_id && !item.product_id) return [];
  // the variant's own mappings, else the product's (a product-level link covers every variant)
  const { rows } = await tx.query<Record<string, unknown>>(
    `select ps.supplier_id, s.name, ps.supplier_sku, round(coalesce(ps.supplier_cost, 0) * 100)::int as cost_cents, ps.shipping_cents,
            ps.supplier_stock, ps.handling_days, coalesce(ps.ship_from, s.country, 'US') as ship_from, ps.countries_served, ps.priority, s.score,
            ps.variant_id is not null as own
       from product_suppliers ps join suppliers s on s.id = ps.supplier_id
      where ps.tenant_id = $1 and ps.product_id = $2 and (ps.variant_id = $3 or ps.variant_id is null)`,
    [tenantId, item.product_id, item.variant_id],
  );
  const own = rows.some((r) => r.own === true);
  return rows
    .filter((r) => (own ? r.own === true : true))
    .map((r) => ({
      supplierId: String(r.supplier_id),
      supplierName: String(r.name),
      supplierSku: (r.supplier_sku as string | null) ?? item.sku,
      costCents: Number(r.cost_cents),
      shippingCents: Number(r.shipping_cents),
      stock: Number(r.supplier_stock),
      handlingDays: Number(r.handling_days),
      shipFrom: String(r.ship_from),
      countriesServed: (r.countries_served as string[]) ?? [],
      priority: Number(r.priority),
      score: r.score === null ? null : Number(r.score),
    }));
}

/**
 * Routes the order's next attempt. `expectAttempt` is the attempt the triggering event asks for
 * (1 for a new order, n+1 after attempt n was rejected or held and released): anything else is a
 * stale redelivery. `skipHoldRules`: a released hold is routed past the tenant's rules.
 */
export async function routeOrder(tx: Tx, tenantId: string, orderId: string, expectAttempt: number, ids: EventIds, opts: { skipHoldRules?: boolean } = {}): Promise<RouteOutcome> {
  const o = await tx.query<{ status: string; ship_to_country: string; route_attempt: number; hold_reason: string | null }>(
    'select status, ship_to_country, route_attempt, hold_reason from orders where tenant_id = $1 and id = $2 for update',
    [tenantId, orderId],
  );
  const order = o.rows[0];
  if (!order) return { kind: 'skipped', why: 'no such order' };
  if (Number(order.route_attempt) >= expectAttempt) return { kind: 'skipped', why: `attempt ${expectAttempt} already routed` };
  if (order.hold_reason) return { kind: 'skipped', why: 'on hold' };
  if (!['pending', 'routed', 'ordered_from_supplier'].includes(order.status)) return { kind: 'skipped', why: `order is ${order.status}` };
  const attempt = expectAttempt;
  const settings = await loadSettings(tx, tenantId);

  const items = (await tx.query<ItemRow>(
    `select id::text, sku, quantity, round(unit_price * 100)::int as unit_price_cents, product_id, variant_id
       from order_items oi where tenant_id = $1 and order_id = $2
        -- a re-route only moves the lines whose purchase order was refused
        and not exists (select 1 from purchase_order_items pi join purchase_orders p on p.id = pi.purchase_order_id
                          where pi.order_item_id = oi.id and p.status in ('placed', 'confirmed', 'shipped'))
      order by id`,
    [tenantId, orderId],
  )).rows.map((r) => ({ ...r, quantity: Number(r.quantity), unit_price_cents: Number(r.unit_price_cents) }));
  if (items.length === 0) return { kind: 'skipped', why: 'nothing left to route' };
  // suppliers that already refused this order are not asked again
  const tried = new Set((await tx.query<{ supplier_id: string }>(
    `select supplier_id from purchase_orders where tenant_id = $1 and order_id = $2 and status in ('rejected', 'cancelled')`,
    [tenantId, orderId],
  )).rows.map((r) => r.supplier_id));

  const lines: (RoutedLine & { item: ItemRow; backup: RankedOption | null; reason: string })[] = [];
  const blocking: string[] = [];
  for (const item of items) {
    const d = routeItem(item, item.variant_id ? await optionsFor(tx, tenantId, item) : [], order.ship_to_country, tried);
    if (d.kind === 'unroutable') {
      blocking.push(d.reason === UNMAPPED_SKU ? UNMAPPED_SKU : d.reason);
      lines.push({ sku: item.sku, quantity: item.quantity, saleCents: item.unit_price_cents * item.quantity, route: null, item, backup: null, reason: d.reason });
    } else {
      lines.push({ sku: item.sku, quantity: item.quantity, saleCents: item.unit_price_cents * item.quantity, route: d.primary, item, backup: d.backup, reason: d.reason });
    }
  }
  const reasons = blocking.length ? [...new Set(blocking)] : opts.skipHoldRules ? [] : orderHoldReasons(lines, holdSettingsOf(settings));
  if (reasons.length) {
    await tx.query('update orders set hold_reason = $3, held_at = now(), route_attempt = $4, updated_at = now() where tenant_id = $1 and id = $2', [tenantId, orderId, reasons.join('; '), attempt]);
    await appendEvent(tx, tenantId, FULFILLMENT_EVENTS.held, { id: orderId, order_id: orderId, attempt, reasons }, ids);
    return { kind: 'held', reasons };
  }

  for (const l of lines) {
    const r = l.route!;
    await tx.query(
      `insert into order_routes (tenant_id, order_id, order_item_id, attempt, supplier_id, backup_supplier_id, supplier_sku, unit_cost_cents, landed_cost_cents, reason)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [tenantId, orderId, l.item.id, attempt, r.supplierId, l.backup?.supplierId ?? null, r.supplierSku, r.costCents, r.landedCostCents, l.reason],
    );
  }
  await tx.query('update orders set route_attempt = $3, updated_at = now() where tenant_id = $1 and id = $2', [tenantId, orderId, attempt]);
  await appendEvent(tx, tenantId, FULFILLMENT_EVENTS.routed, { id: orderId, order_id: orderId, attempt, reasons: lines.map((l) => `${l.sku}: ${l.reason}`) }, ids);
  await advanceOrder(tx, tenantId, orderId, 'routed', 'routed to suppliers', ids);

  const bySupplier = new Map<string, typeof lines>();
  for (const l of lines) bySupplier.set(l.route!.supplierId, [...(bySupplier.get(l.route!.supplierId) ?? []), l]);
  const placed: string[] = [];
  for (const [supplierId, ls] of bySupplier) {
    const total = ls.reduce((s, l) => s + l.route!.landedCostCents, 0);
    const po = await tx.query<{ id: string; number: string }>(
      `insert into purchase_orders (tenant_id, order_id, supplier_id, attempt, total_cents, answers, sandbox_due_tick)
       values ($1, $2, $3, $4, $5, $6, $7) returning id, number`,
      [tenantId, orderId, supplierId, attempt, total, JSON.stringify([{ at: new Date().toISOString(), status: 'placed', message: 'Purchase order sent' }]), settings.sandbox_tick + ANSWER_DELAY_TICKS],
    );
    for (const l of ls) {
      await tx.query(
        'insert into purchase_order_items (tenant_id, purchase_order_id, order_item_id, supplier_sku, quantity, unit_cost_cents) values ($1, $2, $3, $4, $5, $6)',
        [tenantId, po.rows[0].id, l.item.id, l.route!.supplierSku, l.quantity, l.route!.costCents],
      );
    }
    placed.push(po.rows[0].id);
    await appendEvent(tx, tenantId, FULFILLMENT_EVENTS.poPlaced, {
      id: po.rows[0].id, number: po.rows[0].number, order_id: orderId, supplier_id: supplierId, supplier_name: ls[0].route!.supplierName, attempt, total_cents: total,
    }, ids);
  }
  await advanceOrder(tx, tenantId, orderId, 'ordered_from_supplier', `purchase order${placed.length > 1 ? 's' : ''} placed`, ids);
  return { kind: 'placed', attempt, purchaseOrders: placed };
}
