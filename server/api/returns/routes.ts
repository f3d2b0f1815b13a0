/**
 * Returns (RMA) API (docs/dropshipping.md "Returns"): every signed-in role reads; requesting and
 * moving a return needs write:orders. The lifecycle is the pure state machine of
 * server/domain/dropship/rma.ts: approve (a return label is bought), receive with the condition
 * (resellable items go back into stock), then refund or replace — a replacement is a new order that
 * the automation routes like any marketplace order; the tenant's setting picks the default.
 */
import { defineModule, type ApiModule, type Api } from '../module';
import { list, one, type Ctx } from '../kit';
import { HttpError, notFound, type FieldError } from '../errors';
import { idParams, returnCreate, returnListQuery, returnReceive, returnReject, returnResolve, type ReturnReason, type RmaAction, returnsLive } from '../../../contract/fulfillment';
import { isResellable, resolveDefault, rmaStep, type RmaStatus } from '../../domain/dropship/rma';
import { RETURN_EVENTS } from '../../../contract/fulfillment-events';
import { CarrierError } from '../../dropship/sandbox/carrier';
import { buyLabel } from '../fulfillment/buy-label';
import { loadSettings } from '../fulfillment/settings';
import { insertOrders } from '../orders/insert';
import type { ShipTo } from '../../../contract/addresses';
import type { Tx } from '../../db';
import { canTransition, isReturnable, RETURNABLE_STATUSES, ORDER_STATUS_LABEL, type Marketplace, type OrderStatus } from '../../../contract/orders';
import { writeStatusChanges } from '../orders/status';
import { listAnswer, oneAnswer } from '../../../contract/api';
import { refundCents, returnRow, type Resolution, type ReturnCondition, type ReturnRow } from '../../../contract/fulfillment';
import { iso } from '../wire';

interface ReturnItem { order_item_id: string; sku: string; title: string; quantity: number; unit_price_cents: number; product_id: string | null; variant_id: string | null }

/** The CHECK of migration 0026: a line's returned quantity never passes the quantity sold. */
export const RETURNED_QUANTITY_CONSTRAINT = 'order_items_returned_quantity_max';

/** The database refused a return that would take more of a line than is left (SQLSTATE 23514, the constraint above). */
export function isOverReturned(e: unknown): boolean {
  const err = e as { code?: string; constraint?: string } | null;
  return err?.code === '23514' && err.constraint === RETURNED_QUANTITY_CONSTRAINT;
}

interface OrderLine { id: string; sku: string; title: string; quantity: number; returned: number; unit_price_cents: number; product_id: string | null; variant_id: string | null }

async function orderLines(tx: Tx, tenantId: string, orderId: string): Promise<OrderLine[]> {
  const { rows } = await tx.query<OrderLine>(
    `select id::text, sku, title, quantity, returned_quantity as returned, unit_price_cents, product_id, variant_id
       from order_items where tenant_id = $1 and order_id = $2 order by order_items.id`,
    [tenantId, orderId],
  );
  return rows.map((l) => ({ ...l, quantity: Number(l.quantity), returned: Number(l.returned), unit_price_cents: Number(l.unit_price_cents) }));
}

const refused = (details: FieldError[]) =>
  new HttpError(400, 'validation_failed', `Invalid request body: ${details.map((d) => `${d.field}: ${d.message}`).join('; ')}`, details);

const nothingLeft = (l: OrderLine) => (l.quantity === 1 ? 'This line has already been returned' : `None of this line can still be returned (all ${l.quantity} already returned)`);

/**
 * The items of a new return: each line at most once, and no more of it than is left (sold less what
 * the order's returns that are not rejected took). Without `asked`, whatever is left of every line.
 */
function returnItems(lines: OrderLine[], asked: { order_item_id: string; quantity: number }[] | undefined): ReturnItem[] {
  const item = (l: OrderLine, quantity: number): ReturnItem => ({ order_item_id: l.id, sku: l.sku, title: l.title, quantity, unit_price_cents: l.unit_price_cents, product_id: l.product_id, variant_id: l.variant_id });
  if (!asked) {
    const left = lines.filter((l) => l.quantity > l.returned);
    if (!left.length) throw refused([{ field: 'items', message: 'Every line of this order has already been returned', code: 'too_big' }]);
    return left.map((l) => item(l, l.quantity - l.returned));
  }
  const errors: FieldError[] = [];
  const items: ReturnItem[] = [];
  const seen = new Map<string, number>();
  asked.forEach((a, i) => {
    const l = lines.find((x) => x.id === a.order_item_id);
    const first = seen.get(a.order_item_id);
    if (!l) errors.push({ field: `items.${i}.order_item_id`, message: 'Not a line of this order', code: 'invalid_value' });
    else if (first !== undefined) errors.push({ field: `items.${i}.order_item_id`, message: `This line is already items.${first}: list a line once, with the quantity coming back`, code: 'duplicate' });
    else if (a.quantity > l.quantity - l.returned) {
      const left = l.quantity - l.returned;
      errors.push({ field: `items.${i}.quantity`, message: left === 0 ? nothingLeft(l) : `Only ${left} of this line can still be returned (${l.quantity} sold, ${l.returned} already returned)`, code: 'too_big' });
    } else items.push(item(l, a.quantity));
    if (l && first === undefined) seen.set(l.id, i);
  });
  if (errors.length) throw refused(errors);
  return items;
}

/**
 * An order is returned once it left: shipped, delivered or partially returned (contract/orders.ts
 * RETURNABLE_STATUSES). One whose every outbound label was voided never left — its status went back
 * with the void (docs/dropshipping.md "Labels"), or, voided before that rule, it still says shipped:
 * 400 on `order_id` either way, naming why.
 */
function refuseUnreturnable(o: { id: string; status: OrderStatus; live: boolean; voided: boolean }) {
  const neverLeft = o.voided && !o.live && (o.status === 'shipped' || !isReturnable(o.status));
  if (isReturnable(o.status) && !neverLeft) return;
  const allowed = RETURNABLE_STATUSES.map((s) => ORDER_STATUS_LABEL[s].toLowerCase()).join(', ').replace(/, ([^,]+)$/, ' or $1');
  const message = neverLeft
    ? `${o.id} has not shipped: its label was voided, so the parcel never left and there is nothing to return`
    : `Only a ${allowed} order can be returned, not one that is ${(ORDER_STATUS_LABEL[o.status] ?? o.status).toLowerCase()}`;
  throw new HttpError(400, 'validation_failed', `Invalid request body: order_id: ${message}`, [{ field: 'order_id', message, code: 'invalid_value' }]);
}

/** Puts a return's items into (1) or takes them out of (-1) their variants' and products' stock. */
async function restock(tx: Tx, tenantId: string, items: ReturnItem[], sign: 1 | -1) {
  for (const i of items) {
    if (i.variant_id) await tx.query('update product_variants set stock = stock + $2, updated_at = now() where tenant_id = $1 and id = $3', [tenantId, sign * i.quantity, i.variant_id]);
    if (i.product_id) await tx.query('update products set stock = stock + $2, updated_at = now() where tenant_id = $1 and id = $3', [tenantId, sign * i.quantity, i.product_id]);
  }
}

function mapReturn(r: Record<string, unknown>): Omit<ReturnRow, 'items'> & { items: ReturnItem[] } {
  return {
    id: String(r.id), number: String(r.number), order_id: String(r.order_id), status: String(r.status) as RmaStatus, reason: String(r.reason) as ReturnReason, note: (r.note as string) ?? null,
    items: r.items as ReturnItem[], condition: (r.condition as ReturnCondition | null) ?? null, resolution: (r.resolution as Resolution | null) ?? null,
    refund_cents: r.refund_cents === null ? null : Number(r.refund_cents), restocked: Boolean(r.restocked), replacement_order_id: (r.replacement_order_id as string) ?? null,
    reject_reason: (r.reject_reason as string) ?? null, return_shipment_id: (r.return_shipment_id as string) ?? null, history: (r.history as ReturnRow['history'] | null) ?? [],
    created_at: iso(r.created_at), updated_at: iso(r.updated_at),
  };
}

async function getReturn(tx: Tx, tenantId: string, id: string, lock = false) {
  const { rows } = await tx.query<Record<string, unknown>>(
    `select r.*, (select s.id from shipments s where s.return_id = r.id and s.status <> 'voided' order by s.created_at desc limit 1) as return_shipment_id
       from returns r where r.tenant_id = $1 and r.id = $2 ${lock ? 'for update of r' : ''}`,
    [tenantId, id],
  );
  return rows[0] ? mapReturn(rows[0]) : null;
}

type Rma = NonNullable<Awaited<ReturnType<typeof getReturn>>>;

/** The status change of a return's order, recorded in the return's audit row (one row per command). */
interface OrderMove { id: string; from: OrderStatus; to: OrderStatus }

/**
 * Applies one lifecycle command: checks the transition, runs `work`, records history, audit and
 * event. `orderMoved` answers what `work` did to the return's order, if anything: the audit row
 * carries it (`before.order`, `after.order`).
 */
async function move<B>(ctx: Ctx<{ id: string }, unknown, B>, action: RmaAction, work: (r: Rma) => Promise<Record<string, unknown>>, orderMoved?: () => OrderMove | null) {
  const t = ctx.auth.tenantId;
  const r = await getReturn(ctx.tx, t, ctx.params.id, true);
  if (!r) throw notFound('Return');
  const step = rmaStep(r.status, action);
  if (!step.ok) throw new HttpError(409, 'invalid_transition', step.message, { from: r.status, action });
  const sets = await work(r);
  const params: unknown[] = [t, r.id, step.to, JSON.stringify([{ at: new Date().toISOString(), status: step.to, by: ctx.auth.email, note: (sets.note as string) ?? null }])];
  const cols = Object.entries(sets).filter(([k]) => k !== 'note').map(([k, v]) => { params.push(v); return `${k} = $${params.length}`; });
  await ctx.tx.query(`update returns set status = $3, history = history || $4::jsonb, updated_at = now()${cols.length ? ', ' + cols.join(', ') : ''} where tenant_id = $1 and id = $2`, params);
  const after = (await getReturn(ctx.tx, t, r.id))!;
  const o = orderMoved?.();
  await ctx.audit({
    action: `return.${action}`, resource: 'return', resourceId: r.id,
    before: { status: r.status, ...(o ? { order: { id: o.id, status: o.from } } : {}) },
    after: { status: after.status, ...sets, ...(o ? { order: { id: o.id, status: o.to } } : {}) },
  });
  await ctx.emit(RETURN_EVENTS.changed, { id: r.id, number: r.number, order_id: r.order_id, from: r.status, to: after.status });
  return one(after);
}

/**
 * The order of a refunded or replaced return `r` (docs/dropshipping.md "Returns"): returned once
 * every unit of every line is in a return that is not rejected (order_items.returned_quantity,
 * migration 0026) and none of its other returns is still open; partially returned otherwise, its
 * other units still returnable. Written through the one write of an order's status (history line,
 * `orders.status_changed`) only when the status changes, and answered for the return's audit row.
 * The order's row is locked first, so two resolutions of its returns take turns and the second
 * reads what the first committed.
 */
async function settleOrder(ctx: Ctx<{ id: string }, unknown, unknown>, r: Rma, reason: string): Promise<OrderMove | null> {
  const t = ctx.auth.tenantId;
  const from = (await ctx.tx.query<{ status: OrderStatus }>('select status from orders where tenant_id = $1 and id = $2 for update', [t, r.order_id])).rows[0]?.status;
  if (!from) return null;
  const { rows: [c] } = await ctx.tx.query<{ sold: string; returned: string; open: string }>(
    `select (select coalesce(sum(quantity), 0) from order_items where tenant_id = $1 and order_id = $2)::int8 as sold,
            (select coalesce(sum(returned_quantity), 0) from order_items where tenant_id = $1 and order_id = $2)::int8 as returned,
            (select count(*) from returns where tenant_id = $1 and order_id = $2 and id <> $3 and status not in ('refunded', 'replaced', 'rejected'))::int8 as open`,
    [t, r.order_id, r.id],
  );
  const all = Number(c.sold) > 0 && Number(c.returned) >= Number(c.sold) && Number(c.open) === 0;
  const to: OrderStatus = all ? 'returned' : 'partially_returned';
  if (from === to || !canTransition(from, to)) return null;
  const [events] = await writeStatusChanges(ctx.tx, t, ctx.auth.email, [{ orderId: r.order_id, steps: [{ from, to, reason }] }]);
  for (const e of events) await ctx.emit(e.subject, e.payload);
  return { id: r.order_id, from, to };
}

/**
 * The refunds of an order never pass what its buyer paid (the order's total). Lines are returned at
 * most once, so this holds by itself; it is checked again here, the order's row locked so that two
 * refunds of one order take turns, in case its lines changed (an order imported again).
 */
async function assertRefundCovered(tx: Tx, tenantId: string, r: Rma, refund: number) {
  const paid = Number((await tx.query<{ paid: string }>('select total_cents as paid from orders where tenant_id = $1 and id = $2 for update', [tenantId, r.order_id])).rows[0].paid);
  const done = Number((await tx.query<{ done: string }>('select coalesce(sum(refund_cents), 0)::bigint as done from returns where tenant_id = $1 and order_id = $2 and id <> $3', [tenantId, r.order_id, r.id])).rows[0].done);
  if (done + refund > paid) {
    const usd = (c: number) => `$${(c / 100).toFixed(2)}`;
    throw new HttpError(409, 'refund_exceeds_paid', `A refund of ${usd(refund)} would bring the refunds of ${r.order_id} to ${usd(done + refund)}, more than the ${usd(paid)} paid`, { paid_cents: paid, refunded_cents: done, refund_cents: refund });
  }
}

async function resolve(ctx: Ctx<{ id: string }, unknown, { resolution?: 'refund' | 'replace'; note?: string | null }>, asked: 'refund' | 'replace' | undefined) {
  const settings = await loadSettings(ctx.tx, ctx.auth.tenantId);
  const resolution = resolveDefault(asked, settings.return_default_resolution);
  let moved: OrderMove | null = null;
  return move(ctx, resolution, async (r) => {
    if (resolution === 'refund') {
      const refund = refundCents(r.items);
      await assertRefundCovered(ctx.tx, ctx.auth.tenantId, r, refund);
      moved = await settleOrder(ctx, r, `${r.number} refunded`);
      return { resolution, refund_cents: refund, note: ctx.body?.note ?? null };
    }
    // the replacement is a new order from the same marketplace, routed by the automation as usual
    // it ships to the returned order's address (docs/commerce.md "Ship-to address")
    const o = (await ctx.tx.query<{ marketplace: Marketplace; customer_name: string | null; ship_to: ShipTo }>(
      'select marketplace, customer_name, ship_to from orders where tenant_id = $1 and id = $2', [ctx.auth.tenantId, r.order_id],
    )).rows[0];
    const [newId] = await insertOrders(ctx.tx, ctx.auth.tenantId, [{
      marketplace: o.marketplace, external_order_id: null, customer_name: o.customer_name, ship_to: o.ship_to, status: 'pending', currency: 'USD', shipping_cents: 0, tax_cents: 0, created_at: new Date(),
      actor: ctx.auth.email, items: r.items.map((i) => ({ sku: i.sku, title: i.title, quantity: i.quantity, unit_price_cents: 0, product_id: i.product_id, variant_id: i.variant_id })),
    }]);
    await ctx.emit('orders.created', { id: newId, marketplace: o.marketplace, source: 'replacement', replaces: r.order_id });
    moved = await settleOrder(ctx, r, `${r.number} replaced by ${newId}`);
    return { resolution, replacement_order_id: newId, note: ctx.body?.note ?? null };
  }, () => moved);
}

const returns: ApiModule = (api: Api) => {
  api.route({
    method: 'GET',
    url: '/returns',
    access: 'read:orders',
    answer: listAnswer(returnRow),
    query: returnListQuery,
    async handler({ tx, auth, query }) {
      const where = ['r.tenant_id = $1'];
      const params: unknown[] = [auth.tenantId];
      if (query.status) { params.push(query.status); where.push(`r.status = $${params.length}`); }
      if (query.order_id) { params.push(query.order_id); where.push(`r.order_id = upper($${params.length})`); }
      if (query.search) { params.push(`%${query.search}%`); where.push(`(r.number ilike $${params.length} or r.order_id ilike $${params.length})`); }
      params.push(query.limit, query.offset);
      const { rows } = await tx.query<Record<string, unknown>>(
        `select r.*, null as return_shipment_id, count(*) over () as _total from returns r where ${where.join(' and ')}
          order by r.${query.sort} ${query.order === 'asc' ? 'asc' : 'desc'}, r.id limit $${params.length - 1} offset $${params.length}`,
        params,
      );
      return list(rows.map(mapReturn), rows.length ? Number(rows[0]._total) : 0, query.limit, query.offset);
    },
  });

  api.route({
    method: 'GET',
    url: '/returns/:id',
    access: 'read:orders',
    answer: oneAnswer(returnRow),
    params: idParams,
    async handler({ tx, auth, params }) {
      const r = await getReturn(tx, auth.tenantId, params.id);
      if (!r) throw notFound('Return');
      return one(r);
    },
  });

  api.route({
    method: 'POST',
    url: '/returns',
    access: 'write:orders',
    body: returnCreate,
    async handler(ctx) {
      const t = ctx.auth.tenantId;
      const o = (await ctx.tx.query<{ id: string; status: OrderStatus; live: boolean; voided: boolean }>(
        `select o.id, o.status,
                exists (select 1 from shipments s where s.tenant_id = o.tenant_id and s.order_id = o.id and s.direction = 'outbound' and s.status <> 'voided') as live,
                exists (select 1 from shipments s where s.tenant_id = o.tenant_id and s.order_id = o.id and s.direction = 'outbound' and s.status = 'voided') as voided
           from orders o where o.tenant_id = $1 and o.id = upper($2)`,
        [t, ctx.body.order_id],
      )).rows[0];
      if (!o) throw notFound('Order');
      refuseUnreturnable(o);
      // the request is checked against what is left of each line; the database holds the same bound
      // (order_items_returned_quantity_max), so a return that took a line meanwhile is seen on the
      // insert: the lines are read again and the answer is the same 400 as for the check
      let id: string | null = null;
      for (let attempt = 1; id === null; attempt++) {
        const items = returnItems(await orderLines(ctx.tx, t, o.id), ctx.body.items);
        await ctx.tx.query('savepoint return_insert');
        try {
          const { rows } = await ctx.tx.query<{ id: string }>(
            'insert into returns (tenant_id, order_id, reason, note, items, history) values ($1, $2, $3, $4, $5, $6) returning id',
            [t, o.id, ctx.body.reason, ctx.body.note ?? null, JSON.stringify(items), JSON.stringify([{ at: new Date().toISOString(), status: 'requested', by: ctx.auth.email, note: ctx.body.note ?? null }])],
          );
          await ctx.tx.query('release savepoint return_insert');
          id = rows[0].id;
        } catch (e) {
          if (!isOverReturned(e)) throw e;
          await ctx.tx.query('rollback to savepoint return_insert');
          // the next read shows what the other return took; a third refusal means returns of this order keep racing
          if (attempt >= 3) throw new HttpError(409, 'conflict', 'Other returns of this order are being made at the same time; try again');
        }
      }
      const r = (await getReturn(ctx.tx, t, id))!;
      await ctx.audit({ action: 'return.request', resource: 'return', resourceId: r.id, after: r });
      await ctx.emit(RETURN_EVENTS.requested, { id: r.id, number: r.number, order_id: r.order_id, reason: r.reason });
      ctx.status(201);
      return one(r);
    },
  });

  api.route({
    method: 'POST',
    url: '/returns/:id/approve',
    lock: { table: 'returns', what: 'Return' },
    access: 'write:orders',
    params: idParams,
    handler: (ctx) => move(ctx, 'approve', async (r) => {
      try {
        await buyLabel(ctx.tx, ctx.auth.tenantId, r.order_id, { direction: 'return', returnId: r.id }, { correlationId: ctx.req.correlationId });
      } catch (e) {
        if (e instanceof CarrierError) throw new HttpError(502, 'carrier_unavailable', e.message);
        throw e;
      }
      return {};
    }),
  });

  api.route({
    method: 'POST',
    url: '/returns/:id/reject',
    lock: { table: 'returns', what: 'Return' },
    access: 'write:orders',
    params: idParams,
    body: returnReject,
    // a rejected return no longer counts against its lines (migration 0026), so what it put back into
    // stock comes out again: the goods go back to the buyer
    handler: (ctx) => move(ctx, 'reject', async (r) => {
      if (!r.restocked) return { reject_reason: ctx.body.reason, note: ctx.body.reason };
      await restock(ctx.tx, ctx.auth.tenantId, r.items, -1);
      return { reject_reason: ctx.body.reason, restocked: false, note: ctx.body.reason };
    }),
  });

  api.route({
    method: 'POST',
    url: '/returns/:id/receive',
    lock: { table: 'returns', what: 'Return' },
    access: 'write:orders',
    params: idParams,
    body: returnReceive,
    handler: (ctx) => move(ctx, 'receive', async (r) => {
      const resellable = isResellable(ctx.body.condition);
      if (resellable) await restock(ctx.tx, ctx.auth.tenantId, r.items, 1);
      return { condition: ctx.body.condition, restocked: resellable, note: ctx.body.note ?? null };
    }),
  });

  api.route({
    method: 'POST',
    url: '/returns/:id/resolve',
    lock: { table: 'returns', what: 'Return' },
    access: 'write:orders',
    params: idParams,
    body: returnResolve,
    handler: (ctx) => resolve(ctx, ctx.body.resolution),
  });
  for (const r of ['refund', 'replace'] as const) {
    api.route({
      method: 'POST',
      url: `/returns/:id/${r}`,
      lock: { table: 'returns', what: 'Return' },
      access: 'write:orders',
      params: idParams,
      body: returnResolve,
      handler: (ctx) => resolve(ctx, r),
    });
  }
};

export default defineModule({ name: 'returns', routes: returns, live: returnsLive });
