/**
 * Routing orders (docs/dropshipping.md "Routing"): every item goes to the supplier the router picks
 * (server/domain/dropship/router.ts), the tenant's hold rules may keep the order back, and one
 * purchase order per supplier is placed. Idempotent: an attempt is routed once (order_routes is
 * unique per item and attempt), so a redelivered event or a replay changes nothing twice.
 *
 * A batch of orders is routed together (the `dropship-router` consumer hands over a round of
 * events): each read and each write is one statement for the whole batch, so the statements per
 * batch stay the same whatever its size (docs/performance.md "Dropshipping").
 */
import type { Tx } from '../../db';
import { groupBy } from '../../group-by';
import { appendEvents, eventOf, type EventIds, type NewEvent } from '../../events/outbox';
import { routeItem, type RankedOption, type SupplierOption } from '../../domain/dropship/router';
import { orderHoldReasons, UNMAPPED_SKU, type RoutedLine } from '../../domain/dropship/holds';
import { addDays, quoteRates, shopRates, zoneFor } from '../../domain/dropship/rates';
import { feeBaseCents, feeCents } from '../../../contract/marketplaces';
import { loadFeeBook, STANDARD_BOOK } from '../../domain/fee-book';
import { DEFAULT_PROMISE_DAYS } from '../../../contract/fulfillment';
import type { Marketplace } from '../../../contract/orders';
import { DEFAULT_UNIT_GRAMS } from './buy-label';
import { ANSWER_DELAY_TICKS } from '../../dropship/sandbox/supplier';
import { FULFILLMENT_EVENTS } from '../../../contract/fulfillment-events';
import type { OrderStatus } from '../../../contract/orders';
import type { EventPayload, EventSubject } from '../../../contract/event-catalogue';
import { holdSettingsOf, loadSettings } from './settings';
import { stepsTo, writeAutomatedChanges } from './order-status';

export type RouteOutcome = { kind: 'placed'; attempt: number; purchaseOrders: string[] } | { kind: 'held'; reasons: string[] } | { kind: 'skipped'; why: string };

/**
 * One order's next attempt. `expectAttempt` is the attempt the triggering event asks for (1 for a
 * new order, n+1 after attempt n was rejected or held and released): anything else is a stale
 * redelivery. `skipHoldRules`: a released hold is routed past the tenant's rules.
 */
export interface RouteRequest { orderId: string; expectAttempt: number; ids: EventIds; skipHoldRules?: boolean }

interface ItemRow { order_id: string; id: string; sku: string; quantity: number; unit_price_cents: number; product_id: string | null; variant_id: string | null }
interface OrderRow {
  id: string; status: OrderStatus; ship_to_country: string; route_attempt: number; hold_reason: string | null;
  marketplace: Marketplace; subtotal_cents: number; shipping_cents: number; total_cents: number; promised_by: string | null; created_at: Date | string;
}
interface OptionRow {
  product_id: string; variant_id: string | null; supplier_id: string; name: string; supplier_sku: string | null; cost_cents: number; shipping_cents: number;
  supplier_stock: number; handling_days: number; ship_from: string; countries_served: string[] | null; priority: number; score: number | null;
}
type Line = RoutedLine & { item: ItemRow; backup: RankedOption | null; reason: string };

/**
 * Routes each request's order, in one pass per round; an order asked for twice waits for the next
 * round, after the first is written. `actor` names who routed in the status history: the automation,
 * or the person who routed by hand (./order-commands.ts).
 */
export async function routeOrders(tx: Tx, tenantId: string, reqs: readonly RouteRequest[], actor?: string): Promise<RouteOutcome[]> {
  const out = new Array<RouteOutcome>(reqs.length);
  let pending = reqs.map((req, i) => ({ req, i }));
  while (pending.length) {
    const seen = new Set<string>();
    const round: typeof pending = [];
    const later: typeof pending = [];
    for (const p of pending) {
      if (seen.has(p.req.orderId)) later.push(p);
      else {
        seen.add(p.req.orderId);
        round.push(p);
      }
    }
    const res = await routeRound(tx, tenantId, round.map((p) => p.req), actor);
    round.forEach((p, k) => (out[p.i] = res[k]));
    pending = later;
  }
  return out;
}

async function routeRound(tx: Tx, tenantId: string, reqs: readonly RouteRequest[], actor: string | undefined): Promise<RouteOutcome[]> {
  const out = new Array<RouteOutcome>(reqs.length);
  // the orders locked in id order, as every other writer of several orders does
  const orders = new Map((await tx.query<OrderRow>(
    `select id, status, ship_to_country, route_attempt, hold_reason, marketplace, subtotal_cents, shipping_cents, total_cents,
            to_char(promised_by, 'YYYY-MM-DD') as promised_by, created_at
       from orders where tenant_id = $1 and id = any($2::text[]) order by id for update`,
    [tenantId, reqs.map((r) => r.orderId)],
  )).rows.map((o) => [String(o.id), o]));
  const go: number[] = [];
  reqs.forEach((req, k) => {
    const order = orders.get(req.orderId);
    if (!order) out[k] = { kind: 'skipped', why: 'no such order' };
    else if (Number(order.route_attempt) >= req.expectAttempt) out[k] = { kind: 'skipped', why: `attempt ${req.expectAttempt} already routed` };
    else if (order.hold_reason) out[k] = { kind: 'skipped', why: 'on hold' };
    else if (!['pending', 'routed', 'ordered_from_supplier'].includes(order.status)) out[k] = { kind: 'skipped', why: `order is ${order.status}` };
    else go.push(k);
  });
  if (go.length === 0) return out;
  const settings = await loadSettings(tx, tenantId);
  const goIds = go.map((k) => reqs[k].orderId);

  // the orders' purchase orders so far, each with its items: suppliers that refused an order are not
  // asked again for it, and a re-route only moves the lines no live purchase order holds. Read from the
  // orders' own purchase orders (their key), never by scanning the items: a plan made on the
  // statistics of a table that grew since would join every purchase order item (docs/performance.md)
  const prior = (await tx.query<{ order_id: string; supplier_id: string; status: string; total_cents: number; items: string[] }>(
    `select p.order_id, p.supplier_id, p.status, p.total_cents, array(select pi.order_item_id::text from purchase_order_items pi where pi.purchase_order_id = p.id) as items
       from purchase_orders p where p.tenant_id = $1 and p.order_id = any($2::text[])`,
    [tenantId, goIds],
  )).rows;
  const triedOf = groupBy(prior.filter((r) => r.status === 'rejected' || r.status === 'cancelled'), (r) => r.order_id);
  const live = new Set(prior.filter((r) => ['placed', 'confirmed', 'shipped'].includes(r.status)).flatMap((r) => r.items));
  const itemsOf = groupBy((await tx.query<ItemRow>(
    `select order_id, id::text, sku, quantity, unit_price_cents, product_id, variant_id
       from order_items where tenant_id = $1 and order_id = any($2::text[]) order by order_id, order_items.id`,
    [tenantId, goIds],
  )).rows.filter((r) => !live.has(r.id)).map((r) => ({ ...r, quantity: Number(r.quantity), unit_price_cents: Number(r.unit_price_cents) })), (r) => r.order_id);
  const products = [...new Set([...itemsOf.values()].flat().flatMap((i) => (i.variant_id && i.product_id ? [i.product_id] : [])))];
  const optionsOf = groupBy(products.length === 0 ? [] : (await tx.query<OptionRow>(
    `select ps.product_id, ps.variant_id, ps.supplier_id, s.name, ps.supplier_sku, coalesce(ps.supplier_cost_cents, 0) as cost_cents, ps.shipping_cents,
            ps.supplier_stock, ps.handling_days, coalesce(ps.ship_from, s.country, 'US') as ship_from, ps.countries_served, ps.priority, s.score
       from product_suppliers ps join suppliers s on s.id = ps.supplier_id
      where ps.tenant_id = $1 and ps.product_id = any($2::uuid[])`,
    [tenantId, products],
  )).rows, (r) => r.product_id);

  // the margin rule's money (docs/dropshipping.md "Hold rules"): the order's sale, its fee on THE
  // schedule, the live purchase orders' cost and the postage estimate of one parcel of its weight
  const liveCostOf = new Map<string, number>();
  for (const p of prior) if (['placed', 'confirmed', 'shipped'].includes(p.status)) liveCostOf.set(p.order_id, (liveCostOf.get(p.order_id) ?? 0) + Number(p.total_cents));
  const gramsOf = settings.hold_min_margin_percent === null ? new Map<string, number>() : new Map((await tx.query<{ order_id: string; g: number }>(
    `select oi.order_id, coalesce(sum(oi.quantity * coalesce(v.weight, p.weight, $3)), 0)::int as g
       from order_items oi left join product_variants v on v.id = oi.variant_id left join products p on p.id = oi.product_id
      where oi.tenant_id = $1 and oi.order_id = any($2::text[]) group by oi.order_id`,
    [tenantId, goIds, DEFAULT_UNIT_GRAMS],
  )).rows.map((r) => [r.order_id, Number(r.g)]));
  const today = new Date().toISOString().slice(0, 10);
  const postageEstimate = (order: OrderRow, lines: readonly Line[]): number | null => {
    const from = lines.find((l) => l.route)?.route?.shipFrom;
    if (!from) return null;
    const promised = order.promised_by ?? addDays(new Date(order.created_at).toISOString().slice(0, 10), DEFAULT_PROMISE_DAYS);
    const chosen = shopRates(quoteRates(gramsOf.get(order.id) || DEFAULT_UNIT_GRAMS, zoneFor(from, order.ship_to_country)), today, promised);
    return chosen ? chosen.rate.rateCents : null;
  };
  // the fee on the tenant's schedule at the order's time (docs/settings.md "Fee overrides"), read once for the batch
  const feeBook = settings.hold_min_margin_percent === null ? STANDARD_BOOK : await loadFeeBook(tx, tenantId);
  const moneyOf = (order: OrderRow, lines: readonly Line[]) => ({
    saleCents: Number(order.total_cents),
    feesCents: feeCents(feeBook.at(order.marketplace, new Date(order.created_at)), feeBaseCents({ subtotal_cents: Number(order.subtotal_cents), shipping_cents: Number(order.shipping_cents) })),
    otherSupplierCents: liveCostOf.get(order.id) ?? 0,
    postageCents: postageEstimate(order, lines),
  });

  const held: { k: number; reasons: string[] }[] = [];
  const placed: { k: number; lines: Line[] }[] = [];
  for (const k of go) {
    const req = reqs[k];
    const order = orders.get(req.orderId)!;
    const items = itemsOf.get(req.orderId) ?? [];
    if (items.length === 0) {
      out[k] = { kind: 'skipped', why: 'nothing left to route' };
      continue;
    }
    const tried = new Set((triedOf.get(req.orderId) ?? []).map((r) => r.supplier_id));
    const lines: Line[] = [];
    const blocking: string[] = [];
    for (const item of items) {
      const d = routeItem(item, item.variant_id ? supplierOptions(item, optionsOf.get(item.product_id ?? '') ?? []) : [], order.ship_to_country, tried);
      const base = { sku: item.sku, quantity: item.quantity, saleCents: item.unit_price_cents * item.quantity, item, reason: d.reason };
      if (d.kind === 'unroutable') {
        blocking.push(d.reason === UNMAPPED_SKU ? UNMAPPED_SKU : d.reason);
        lines.push({ ...base, route: null, backup: null });
      } else lines.push({ ...base, route: d.primary, backup: d.backup });
    }
    const reasons = blocking.length ? [...new Set(blocking)] : req.skipHoldRules ? [] : orderHoldReasons(lines, holdSettingsOf(settings), moneyOf(order, lines));
    if (reasons.length) held.push({ k, reasons });
    else placed.push({ k, lines });
  }

  const events: NewEvent[] = [];
  const event = <S extends EventSubject>(k: number, subject: S, payload: EventPayload<S>) => events.push(eventOf(subject, payload, reqs[k].ids));

  if (held.length) {
    await tx.query(
      `update orders o set hold_reason = u.reason, held_at = now(), route_attempt = u.attempt, updated_at = now()
         from unnest($2::text[], $3::text[], $4::int[]) as u(id, reason, attempt) where o.tenant_id = $1 and o.id = u.id`,
      [tenantId, held.map((h) => reqs[h.k].orderId), held.map((h) => h.reasons.join('; ')), held.map((h) => reqs[h.k].expectAttempt)],
    );
  }

  // every routed order: its routes, its status along the path, one purchase order per supplier
  const routes = placed.flatMap((p) => p.lines.map((l) => ({ k: p.k, l })));
  const pos = placed.flatMap((p) => {
    return [...groupBy(p.lines, (l) => l.route!.supplierId)].map(([supplierId, lines]) => ({ k: p.k, supplierId, lines, total: lines.reduce((s, l) => s + l.route!.landedCostCents, 0) }));
  });
  const posOf = groupBy(pos, (x) => x.k);
  const steps = placed.map((p) => {
    const cur = orders.get(reqs[p.k].orderId)!.status;
    const n = posOf.get(p.k)?.length ?? 0;
    const toRouted = stepsTo(cur, 'routed', 'routed to suppliers');
    const toOrdered = stepsTo(toRouted.length ? 'routed' : cur, 'ordered_from_supplier', `purchase order${n > 1 ? 's' : ''} placed`);
    return { k: p.k, toRouted, toOrdered };
  });
  let poRows: { id: string; number: string; order_id: string; supplier_id: string }[] = [];
  // each placed order's status events, in step order (to routed first)
  let moved: NewEvent[][] = [];
  if (placed.length) {
    await tx.query(
      `insert into order_routes (tenant_id, order_id, order_item_id, attempt, supplier_id, backup_supplier_id, supplier_sku, unit_cost_cents, landed_cost_cents, reason)
       select $1, u.o, u.i, u.a, u.s, u.b, u.sku, u.c, u.lc, u.r from unnest($2::text[], $3::bigint[], $4::int[], $5::uuid[], $6::uuid[], $7::text[], $8::int[], $9::int[], $10::text[])
         with ordinality as u(o, i, a, s, b, sku, c, lc, r, n) order by u.n`,
      [tenantId, routes.map((x) => reqs[x.k].orderId), routes.map((x) => x.l.item.id), routes.map((x) => reqs[x.k].expectAttempt), routes.map((x) => x.l.route!.supplierId),
        routes.map((x) => x.l.backup?.supplierId ?? null), routes.map((x) => x.l.route!.supplierSku), routes.map((x) => x.l.route!.costCents),
        routes.map((x) => x.l.route!.landedCostCents), routes.map((x) => x.l.reason)],
    );
    // the order's route attempt and its status (to routed, then to ordered from supplier) in one write
    moved = await writeAutomatedChanges(tx, tenantId, steps.map((st) => ({
      orderId: reqs[st.k].orderId, steps: [...st.toRouted, ...st.toOrdered], routeAttempt: reqs[st.k].expectAttempt, ids: reqs[st.k].ids,
    })), actor);
    const poAnswers = JSON.stringify([{ at: new Date().toISOString(), status: 'placed', message: 'Purchase order sent' }]);
    poRows = (await tx.query<{ id: string; number: string; order_id: string; supplier_id: string }>(
      `insert into purchase_orders (tenant_id, order_id, supplier_id, attempt, total_cents, answers, sandbox_due_tick)
       select $1, u.o, u.s, u.a, u.t, $6::jsonb, $7 from unnest($2::text[], $3::uuid[], $4::int[], $5::int[]) with ordinality as u(o, s, a, t, n) order by u.n
       returning id, number, order_id, supplier_id`,
      [tenantId, pos.map((x) => reqs[x.k].orderId), pos.map((x) => x.supplierId), pos.map((x) => reqs[x.k].expectAttempt), pos.map((x) => x.total), poAnswers,
        settings.sandbox_tick + ANSWER_DELAY_TICKS],
    )).rows;
    const poOf = new Map(poRows.map((r) => [`${r.order_id} ${r.supplier_id}`, r]));
    const poItems = pos.flatMap((x) => x.lines.map((l) => ({ po: poOf.get(`${reqs[x.k].orderId} ${x.supplierId}`)!.id, l })));
    await tx.query(
      `insert into purchase_order_items (tenant_id, purchase_order_id, order_item_id, supplier_sku, quantity, unit_cost_cents)
       select $1, u.p, u.i, u.sku, u.q, u.c from unnest($2::uuid[], $3::bigint[], $4::text[], $5::int[], $6::int[]) with ordinality as u(p, i, sku, q, c, n) order by u.n`,
      [tenantId, poItems.map((x) => x.po), poItems.map((x) => x.l.item.id), poItems.map((x) => x.l.route!.supplierSku), poItems.map((x) => x.l.quantity), poItems.map((x) => x.l.route!.costCents)],
    );
  }

  // the events of each order in the order one routing of it writes them, orders in request order
  const heldOf = new Map(held.map((h) => [h.k, h]));
  const placedOf = new Map(placed.map((p, i) => [p.k, { p, st: steps[i], status: moved[i] }]));
  const poByOrder = groupBy(poRows, (r) => r.order_id);
  for (let k = 0; k < reqs.length; k++) {
    const orderId = reqs[k].orderId;
    const attempt = reqs[k].expectAttempt;
    const h = heldOf.get(k);
    if (h) {
      event(k, FULFILLMENT_EVENTS.held, { id: orderId, order_id: orderId, attempt, reasons: h.reasons });
      out[k] = { kind: 'held', reasons: h.reasons };
      continue;
    }
    const x = placedOf.get(k);
    if (!x) continue;
    event(k, FULFILLMENT_EVENTS.routed, { id: orderId, order_id: orderId, attempt, reasons: x.p.lines.map((l) => `${l.sku}: ${l.reason}`) });
    events.push(...x.status.slice(0, x.st.toRouted.length));
    const mine = posOf.get(k) ?? [];
    const ids: string[] = [];
    for (const p of mine) {
      const row = (poByOrder.get(orderId) ?? []).find((r) => r.supplier_id === p.supplierId)!;
      ids.push(row.id);
      event(k, FULFILLMENT_EVENTS.poPlaced, {
        id: row.id, number: row.number, order_id: orderId, supplier_id: p.supplierId, supplier_name: p.lines[0].route!.supplierName, attempt, total_cents: p.total,
      });
    }
    events.push(...x.status.slice(x.st.toRouted.length));
    out[k] = { kind: 'placed', attempt, purchaseOrders: ids };
  }
  await appendEvents(tx, tenantId, events);
  return out;
}

/** An item's supplier options: the variant's own mappings, else the product's (a product-level link covers every variant). */
function supplierOptions(item: ItemRow, rows: readonly OptionRow[]): SupplierOption[] {
  const mine = rows.filter((r) => r.variant_id === item.variant_id || r.variant_id == null);
  const own = mine.some((r) => r.variant_id != null);
  return mine
    .filter((r) => (own ? r.variant_id != null : true))
    .map((r) => ({
      supplierId: String(r.supplier_id),
      supplierName: String(r.name),
      supplierSku: r.supplier_sku ?? item.sku,
      costCents: Number(r.cost_cents),
      shippingCents: Number(r.shipping_cents),
      stock: Number(r.supplier_stock),
      handlingDays: Number(r.handling_days),
      shipFrom: String(r.ship_from),
      countriesServed: r.countries_served ?? [],
      priority: Number(r.priority),
      score: r.score === null ? null : Number(r.score),
    }));
}
