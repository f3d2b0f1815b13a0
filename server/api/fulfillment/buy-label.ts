/**
 * Buying a label (docs/dropshipping.md "Labels"): weight from the items, zone from the supplier's
 * ship-from and the ship-to country, rate shopping over the carriers' quotes against the promised
 * date (server/domain/dropship/rates.ts), then one shipment row with the addresses it prints: the
 * order's ship-to address, or for a return label the customer's as where it comes from. One live outbound label per order
 * (a unique index), so a redelivered confirmation buys nothing twice.
 */
import type { Tx } from '../../db';
import { appendEvents, eventOf, type EventIds, type NewEvent } from '../../events/outbox';
import { addDays, quoteRates, shopRates, zoneFor, type Rate } from '../../domain/dropship/rates';
import { carrierGuard, scanDelay, trackingNumber } from '../../dropship/sandbox/carrier';
import { DEFAULT_PROMISE_DAYS, carrierService, type Carrier } from '../../../contract/fulfillment';
import { FULFILLMENT_EVENTS, LABEL_EVENTS } from '../../../contract/fulfillment-events';
import { feeBaseCents, feeCents } from '../../../contract/marketplaces';
import { loadFeeBook, STANDARD_BOOK } from '../../domain/fee-book';
import { resultCents } from '../../../contract/profit';
import { formatCents } from '../../../contract/money';
import type { Marketplace } from '../../../contract/orders';
import { loadSettings } from './settings';
import { readStoreProfile } from '../settings/store-profile';
import { AUTOMATION_ACTOR, stepsTo, writeAutomatedChanges } from './order-status';
import type { OrderStatus } from '../../../contract/orders';
import { HttpError } from '../errors';
import type { ShipTo } from '../../../contract/addresses';

/** Grams per unit when neither the variant nor the product has a weight. */
export const DEFAULT_UNIT_GRAMS = 300;

export interface LabelRequest { carrier?: Carrier; service?: string; weightGrams?: number; direction?: 'outbound' | 'return'; returnId?: string }

/** `held`: the automation put the order on hold instead of buying (id empty, nothing created). */
export interface LabelResult { id: string; created: boolean; held?: string }

export interface LabelOrder { orderId: string; req: LabelRequest; ids: EventIds }

/** The hold reason of an automatic label that would lose money (docs/dropshipping.md "Labels"). */
export const LABEL_LOSS_REASON = 'label would cost more than the margin';

/** `actor`: whom the order's status history names for the step to shipped (a person's email when bought in the console). */
export async function buyLabel(tx: Tx, tenantId: string, orderId: string, req: LabelRequest, ids: EventIds, actor: string = AUTOMATION_ACTOR): Promise<{ id: string; created: boolean }> {
  const r = (await buyLabels(tx, tenantId, [{ orderId, req, ids }], actor))[0];
  if (r.held) throw new HttpError(409, 'held', `Order put on hold: ${r.held}`);
  return r;
}

/**
 * Buys the labels of several orders with one statement per read and per write (the
 * `dropship-labels` consumer hands over a round of confirmations: docs/performance.md
 * "Dropshipping"). Throws on the first order that cannot have its label, as one purchase would; a
 * caller with a batch then buys them one by one, so the failure stays with its order.
 */
export async function buyLabels(tx: Tx, tenantId: string, orders: readonly LabelOrder[], actor: string = AUTOMATION_ACTOR): Promise<LabelResult[]> {
  const out = new Array<LabelResult>(orders.length);
  const ids = orders.map((o) => o.orderId);
  const live = new Map((await tx.query<{ order_id: string; id: string }>(
    `select order_id, id from shipments where tenant_id = $1 and order_id = any($2::text[]) and direction = 'outbound' and status <> 'voided'`, [tenantId, ids],
  )).rows.map((r) => [r.order_id, String(r.id)]));
  const todo: number[] = [];
  const seen = new Set<string>();
  orders.forEach((o, k) => {
    const direction = o.req.direction ?? 'outbound';
    if (direction === 'outbound' && live.has(o.orderId)) out[k] = { id: live.get(o.orderId)!, created: false };
    // the same order twice: the second finds the first one's label (a batch of one each, in turn)
    else if (seen.has(o.orderId)) throw new HttpError(409, 'label_exists', 'This order already has a live label; void it first');
    else {
      seen.add(o.orderId);
      todo.push(k);
    }
  });
  if (todo.length === 0) return out;
  const todoIds = todo.map((k) => orders[k].orderId);
  const rows = new Map((await tx.query<{
    id: string; status: OrderStatus; ship_to_country: string; ship_to: ShipTo; promised_by: string | null; created_at: Date; customer_name: string | null;
    marketplace: Marketplace; subtotal_cents: number; shipping_cents: number; total_cents: number; route_attempt: number;
  }>(
    `select id, status, ship_to_country, ship_to, to_char(promised_by, 'YYYY-MM-DD') as promised_by, created_at, customer_name,
            marketplace, subtotal_cents, shipping_cents, total_cents, route_attempt
       from orders where tenant_id = $1 and id = any($2::text[]) order by id for update`,
    [tenantId, todoIds],
  )).rows.map((r) => [r.id, r]));
  // where each order ships from: the supplier of its latest route (the mapping's ship-from, else the supplier's country)
  const fromOf = new Map((await tx.query<{ order_id: string; ship_from: string }>(
    `select distinct on (r.order_id) r.order_id, coalesce(ps.ship_from, s.country, 'US') as ship_from from order_routes r join suppliers s on s.id = r.supplier_id
       left join order_items oi on oi.id = r.order_item_id
       left join lateral (
         select m.ship_from from product_suppliers m
          where m.supplier_id = r.supplier_id and m.product_id = oi.product_id and (m.variant_id = oi.variant_id or m.variant_id is null)
          order by m.variant_id is null limit 1
       ) ps on true
      where r.tenant_id = $1 and r.order_id = any($2::text[]) order by r.order_id, r.attempt desc, r.id`,
    [tenantId, todoIds],
  )).rows.map((r) => [r.order_id, r.ship_from]));
  const settings = await loadSettings(tx, tenantId);
  // the store profile (docs/settings.md "Store profile"): a return goes to its address (else the store
  // by its name, in the settings' return country); an outbound label names the store as its sender
  const profile = await readStoreProfile(tx, tenantId);
  const returnTo = profile.address ?? { name: profile.name };
  const returnCountry = profile.address?.country ?? settings.return_country;
  const gramsOf = new Map((await tx.query<{ order_id: string; g: number }>(
    `select oi.order_id, coalesce(sum(oi.quantity * coalesce(v.weight, p.weight, $3)), 0)::int as g
       from order_items oi left join product_variants v on v.id = oi.variant_id left join products p on p.id = oi.product_id
      where oi.tenant_id = $1 and oi.order_id = any($2::text[]) group by oi.order_id`,
    [tenantId, todoIds, DEFAULT_UNIT_GRAMS],
  )).rows.map((r) => [r.order_id, Number(r.g)]));
  const countOf = new Map((await tx.query<{ order_id: string; n: number }>(
    'select order_id, count(*)::int as n from shipments where tenant_id = $1 and order_id = any($2::text[]) group by order_id', [tenantId, todoIds],
  )).rows.map((r) => [r.order_id, Number(r.n)]));
  await carrierGuard(tx, tenantId);
  const today = new Date().toISOString().slice(0, 10);

  // what the orders' live purchase orders cost: an automatic label that would lose money holds instead
  const supplierOf = new Map((await tx.query<{ order_id: string; c: number }>(
    `select order_id, coalesce(sum(total_cents), 0)::int as c from purchase_orders
      where tenant_id = $1 and order_id = any($2::text[]) and status in ('placed', 'confirmed', 'shipped') group by order_id`,
    [tenantId, todoIds],
  )).rows.map((r) => [r.order_id, Number(r.c)]));

  const quoted = todo.map((k) => {
    const { orderId, req, ids: eventIds } = orders[k];
    const direction = req.direction ?? 'outbound';
    const o = rows.get(orderId);
    if (!o) throw new HttpError(404, 'not_found', 'Order not found');
    const weight = req.weightGrams ?? (gramsOf.get(orderId) || DEFAULT_UNIT_GRAMS);
    // a return travels from the customer back to the tenant's return address
    const [origin, dest] = direction === 'return' ? [o.ship_to_country, returnCountry] : [fromOf.get(orderId) ?? 'US', o.ship_to_country];
    const zone = zoneFor(origin, dest);
    const rates = quoteRates(weight, zone);
    const promised = direction === 'return' ? null : o.promised_by ?? addDays(new Date(o.created_at).toISOString().slice(0, 10), DEFAULT_PROMISE_DAYS);
    let chosen: { rate: Rate; deliveryDate: string; meetsPromise: boolean } | null;
    if (req.carrier) {
      const r = rates.find((x) => x.carrier === req.carrier && x.service === req.service);
      if (!r) throw new HttpError(400, 'validation_failed', `No ${req.carrier} ${req.service} rate for this parcel`, [{ field: 'service', message: 'Not a service of this carrier for this parcel', code: 'invalid_value' }]);
      const deliveryDate = addDays(today, r.transitDays);
      chosen = { rate: r, deliveryDate, meetsPromise: promised === null || deliveryDate <= promised };
    } else {
      chosen = shopRates(rates, today, promised);
    }
    if (!chosen) throw new HttpError(422, 'no_rate', `No carrier takes a parcel of ${weight} g`);
    const tracking = trackingNumber(chosen.rate.carrier, tenantId, orderId, direction, countOf.get(orderId) ?? 0);
    return { k, orderId, req, eventIds, direction, o, weight, origin, dest, zone, promised, chosen, tracking };
  });

  // docs/dropshipping.md "Labels": the automation never buys an outbound label that makes the order a
  // loss (sale − fees − supplier − postage < 0, contract/profit.ts); it holds the order for a person,
  // who may release it and buy the label by hand
  // the fee on the tenant's schedule at the order's time (docs/settings.md "Fee overrides"), read once for the batch
  const feeBook = actor === AUTOMATION_ACTOR && quoted.some((l) => l.direction === 'outbound' && !l.req.carrier) ? await loadFeeBook(tx, tenantId) : STANDARD_BOOK;
  const losing = actor !== AUTOMATION_ACTOR ? [] : quoted.filter((l) => {
    if (l.direction !== 'outbound' || l.req.carrier) return false;
    const fees = feeCents(feeBook.at(l.o.marketplace, new Date(l.o.created_at)), feeBaseCents({ subtotal_cents: Number(l.o.subtotal_cents), shipping_cents: Number(l.o.shipping_cents) }));
    return resultCents(Number(l.o.total_cents), [fees, supplierOf.get(l.orderId) ?? 0, l.chosen.rate.rateCents])! < 0;
  });
  const held: NewEvent[] = [];
  if (losing.length) {
    const reasonOf = (l: (typeof quoted)[number]) => `${LABEL_LOSS_REASON} (${carrierService(l.chosen.rate.carrier, l.chosen.rate.service)} ${formatCents(l.chosen.rate.rateCents)})`;
    await tx.query(
      `update orders o set hold_reason = u.reason, held_at = now(), updated_at = now()
         from unnest($2::text[], $3::text[]) as u(id, reason) where o.tenant_id = $1 and o.id = u.id`,
      [tenantId, losing.map((l) => l.orderId), losing.map(reasonOf)],
    );
    for (const l of losing) {
      out[l.k] = { id: '', created: false, held: reasonOf(l) };
      held.push(eventOf(FULFILLMENT_EVENTS.held, { id: l.orderId, order_id: l.orderId, attempt: Number(l.o.route_attempt), reasons: [reasonOf(l)] }, l.eventIds));
    }
  }
  const labels = quoted.filter((l) => !losing.includes(l));
  if (labels.length === 0) {
    await appendEvents(tx, tenantId, held);
    return out;
  }

  const inserted = (await tx.query<{ id: string; order_id: string }>(
    `insert into shipments (tenant_id, order_id, return_id, direction, carrier, service, zone, rate_cents, weight_grams, tracking_number, ship_from, ship_to_country,
                            ship_to, ship_from_address, promised_by, estimated_delivery, late, events, sandbox_next_tick)
     select $1, u.o, u.r, u.d, u.c, u.s, u.z, u.rc, u.w, u.t, u.f, u.dest, u.st::jsonb, u.sf::jsonb, u.p::date, u.ed::date, u.late, $2::jsonb, u.next
       from unnest($3::text[], $4::uuid[], $5::text[], $6::text[], $7::text[], $8::int[], $9::int[], $10::int[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::text[], $17::text[], $18::bool[], $19::int[])
         with ordinality as u(o, r, d, c, s, z, rc, w, t, f, dest, st, sf, p, ed, late, next, n)
      order by u.n
     on conflict do nothing returning id, order_id`,
    [tenantId, JSON.stringify([{ at: new Date().toISOString(), status: 'label_created', message: 'Label created' }]),
      labels.map((l) => l.orderId), labels.map((l) => l.req.returnId ?? null), labels.map((l) => l.direction), labels.map((l) => l.chosen.rate.carrier),
      labels.map((l) => l.chosen.rate.service), labels.map((l) => l.zone), labels.map((l) => l.chosen.rate.rateCents), labels.map((l) => l.weight), labels.map((l) => l.tracking),
      labels.map((l) => l.origin), labels.map((l) => l.dest),
      // outbound: to the order's address; a return: from it, to the seller
      labels.map((l) => JSON.stringify(l.direction === 'return' ? returnTo : l.o.ship_to)),
      // a return: from the customer's address; outbound: the store's name above the supplier's warehouse
      labels.map((l) => JSON.stringify(l.direction === 'return' ? l.o.ship_to : { name: profile.name })),
      labels.map((l) => l.promised), labels.map((l) => l.chosen.deliveryDate), labels.map((l) => !l.chosen.meetsPromise),
      labels.map((l) => settings.sandbox_tick + scanDelay('label_created', l.chosen.rate.transitDays))],
  )).rows;
  const shipmentOf = new Map(inserted.map((r) => [r.order_id, String(r.id)]));
  if (labels.some((l) => !shipmentOf.has(l.orderId))) throw new HttpError(409, 'label_exists', 'This order already has a live label; void it first');

  // an outbound label ships the order: its status along the path, with the history lines, and the
  // events of each label followed by its order's
  const outbound = labels.filter((l) => l.direction === 'outbound');
  const moved = await writeAutomatedChanges(tx, tenantId, outbound.map((l) => ({
    orderId: l.orderId, steps: stepsTo(l.o.status, 'shipped', `label ${carrierService(l.chosen.rate.carrier, l.chosen.rate.service)} ${l.tracking}`), ids: l.eventIds,
  })), actor);
  const statusEventsOf = new Map(outbound.map((l, i) => [l, moved[i]]));
  const events: NewEvent[] = [...held];
  for (const l of labels) {
    const id = shipmentOf.get(l.orderId)!;
    out[l.k] = { id, created: true };
    events.push(eventOf(LABEL_EVENTS.bought, {
      id, order_id: l.orderId, direction: l.direction, carrier: l.chosen.rate.carrier, service: l.chosen.rate.service, rate_cents: l.chosen.rate.rateCents,
      tracking_number: l.tracking, late: !l.chosen.meetsPromise, promised_by: l.promised,
    }, l.eventIds));
    events.push(...(statusEventsOf.get(l) ?? []));
  }
  await appendEvents(tx, tenantId, events);
  return out;
}
