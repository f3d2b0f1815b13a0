/**
 * The dropshipping automation as durable consumers (docs/dropshipping.md "Automation"). Each step
 * runs in one transaction and is idempotent, so a failed delivery is retried with the platform's
 * backoff, dead-lettered after the last attempt (with an alert), and a replay resumes the order
 * where it stopped:
 * - `dropship-router`: a marketplace order (orders.created) → route → purchase orders, or hold;
 *   a rejected purchase order → the next attempt without that supplier (the backup), else hold;
 *   a released hold (fulfillment.released) → the next attempt without the tenant's hold rules;
 * - `dropship-labels`: a confirmed purchase order → rate shopping → label → order shipped;
 * - `dropship-tracking`: a label → tracking pushed to the marketplace; carrier scans → PO shipped,
 *   order delivered (pushes and scans in rounds of their own);
 * - `dropship-intake`: automation switched on (fulfillment.intake) → the waiting orders routed (./intake.ts);
 * - `dropship-alerts`: a dead letter of the above → `alerts.fulfillment_failed`.
 */
import type { ConsumerContext } from '../../events/consumers';
import { defineConsumer, type ConsumerDef, type EventMessage, type MessageFor, type MessageOf } from '../../events/types';
import { appendEvent } from '../../events/outbox';
import { batchedHandler } from '../../events/batching';
import { DLQ_EVENTS } from '../../../contract/events';
import { FULFILLMENT_EVENTS, LABEL_EVENTS } from '../../../contract/fulfillment-events';
import { routeOrders, type RouteRequest } from './route-order';
import { buyLabels, type LabelOrder } from './buy-label';
import { applyScans, pushTrackings } from './tracking';
import { loadSettings } from './settings';
import { INTAKE_CONSUMER, dropshipIntakeConsumer } from './intake';

export const ROUTER_CONSUMER = 'dropship-router';
export const LABELS_CONSUMER = 'dropship-labels';
export const TRACKING_CONSUMER = 'dropship-tracking';
export const DROPSHIP_ALERTS_CONSUMER = 'dropship-alerts';
/**
 * Steps of one consumer's round handled in one transaction (docs/events.md "Batched consumers"). The
 * steps are set-based, so a round's statements do not grow with it. On PostgreSQL, 2,000 per round
 * routed 10,000 orders with a p95 wait for the purchase order of 1.6–2.2 s where 1,000 gave 2.3–3.2 s,
 * once the tail read faster and the intake stopped waiting for ticks; on PGlite, whose one connection
 * runs every consumer's claims, rounds and acks in turn, 5,000 cut that wait from 11.7 to 3.9 s
 * (docs/performance.md "Dropshipping").
 */
const stepBatch = (ctx: ConsumerContext) => (ctx.db.engine === 'pglite' ? 5_000 : 2_000);
/** Rounds of one consumer at once: what arrives meanwhile waits and makes the next round larger. */
const STEP_ROUNDS = 2;
/** A step's rounds: `many` for a round of one tenant's events, itself again one event at a time when the round fails. */
const stepRounds = <M extends EventMessage>(max: number, many: (tenantId: string, msgs: M[]) => Promise<void>) =>
  batchedHandler<M>({ max, rounds: STEP_ROUNDS, many, one: (msg) => many(msg.tenantId, [msg]) });
const STEP_CONSUMERS = new Set([ROUTER_CONSUMER, LABELS_CONSUMER, TRACKING_CONSUMER, INTAKE_CONSUMER]);

const idsOf = (msg: Pick<EventMessage, 'tenantSeq' | 'correlationId'>) => ({ causationId: String(msg.tenantSeq), correlationId: msg.correlationId ?? undefined });

/** A new marketplace order, a refused purchase order (the backup is tried) and a released hold are routed. */
const ROUTER_SUBJECTS = ['orders.created', FULFILLMENT_EVENTS.poRejected, FULFILLMENT_EVENTS.released] as const;

export function dropshipRouterConsumer(ctx: ConsumerContext): ConsumerDef {
  const max = stepBatch(ctx);
  // a round's events routed together: one statement per read and write for the whole round
  // (routeOrders), one transaction; a round that fails is routed again one event at a time
  const route = (tenantId: string, msgs: MessageFor<(typeof ROUTER_SUBJECTS)[number]>[]) =>
    ctx.db.transaction(async (tx) => {
      const reqs: RouteRequest[] = [];
      let automation: boolean | undefined;
      for (const msg of msgs) {
        if (msg.subject === 'orders.created') {
          const d = msg.data;
          // orders typed in or imported from history are worked by hand; marketplace orders flow when the tenant turned automation on
          if (d.source !== 'marketplace' && d.source !== 'replacement') continue;
          automation ??= (await loadSettings(tx, tenantId)).automation_enabled;
          if (!automation) continue;
          reqs.push({ orderId: d.id, expectAttempt: 1, ids: idsOf(msg) });
          continue;
        }
        // a released hold routes again past the tenant's hold rules: a person accepted them
        reqs.push({ orderId: msg.data.order_id, expectAttempt: Number(msg.data.attempt) + 1, ids: idsOf(msg), skipHoldRules: msg.subject === FULFILLMENT_EVENTS.released });
      }
      if (reqs.length) await routeOrders(tx, tenantId, reqs);
    }, { tenantId, urgent: true });
  return defineConsumer({
    name: ROUTER_CONSUMER,
    filterSubjects: ROUTER_SUBJECTS,
    agentName: 'dropship-router',
    // a new order's purchase order starts the supplier's handling clock: on PGlite's one connection
    // routing goes before the flow's later steps and the other consumers (server/db/turns.ts)
    urgent: true,
    batchSize: max,
    concurrency: 2 * max,
    handle: stepRounds(max, route),
  });
}

export function dropshipLabelsConsumer(ctx: ConsumerContext): ConsumerDef {
  const max = stepBatch(ctx);
  // a round's confirmations labelled together (buyLabels: one statement per read and write), one
  // transaction; a round that fails is labelled again one confirmation at a time
  const label = (tenantId: string, msgs: MessageOf<typeof FULFILLMENT_EVENTS.poConfirmed>[]) =>
    ctx.db.transaction(async (tx) => {
      const orderIds = [...new Set(msgs.map((m) => m.data.order_id))];
      // the label waits until every open purchase order of the order is confirmed
      const open = new Set((await tx.query<{ order_id: string }>(
        `select distinct order_id from purchase_orders where tenant_id = $1 and order_id = any($2::text[]) and status = 'placed'`, [tenantId, orderIds],
      )).rows.map((r) => r.order_id));
      const states = new Map((await tx.query<{ id: string; status: string; hold_reason: string | null }>(
        'select id, status, hold_reason from orders where tenant_id = $1 and id = any($2::text[])', [tenantId, orderIds],
      )).rows.map((r) => [r.id, r]));
      const todo: LabelOrder[] = [];
      const seen = new Set<string>();
      for (const msg of msgs) {
        const orderId = msg.data.order_id;
        const st = states.get(orderId);
        // a shipped order whose label was voided before the carrier scanned it gets a new one (buyLabels
        // keeps one live outbound label per order, so a live label is never bought twice)
        if (open.has(orderId) || seen.has(orderId) || !st || !['ordered_from_supplier', 'shipped'].includes(st.status) || st.hold_reason) continue;
        seen.add(orderId);
        todo.push({ orderId, req: {}, ids: idsOf(msg) });
      }
      if (todo.length) await buyLabels(tx, tenantId, todo);
    }, { tenantId });
  return defineConsumer({
    name: LABELS_CONSUMER,
    filterSubjects: [FULFILLMENT_EVENTS.poConfirmed],
    agentName: 'dropship-labels',
    batchSize: max,
    concurrency: 2 * max,
    handle: stepRounds(max, label),
  });
}

export function dropshipTrackingConsumer(ctx: ConsumerContext): ConsumerDef {
  const max = stepBatch(ctx);
  const env = { dataDir: process.env.DATA_DIR ?? './.data' };
  // a round's labels have their tracking pushed together (pushTrackings: one statement per read and
  // write, one call per marketplace account), a round's carrier scans applied together (applyScans)
  const push = (tenantId: string, msgs: MessageOf<typeof LABEL_EVENTS.bought>[]) =>
    ctx.db.transaction(async (tx) => {
      await pushTrackings(tx, tenantId, msgs.map((m) => ({ shipmentId: m.data.id, ids: idsOf(m) })), env);
    }, { tenantId });
  const scan = (tenantId: string, msgs: MessageOf<typeof LABEL_EVENTS.tracking>[]) =>
    ctx.db.transaction(
      (tx) => applyScans(tx, tenantId, msgs.map((m) => ({ shipmentId: m.data.id, status: m.data.status, ids: idsOf(m) }))),
      { tenantId },
    );
  // rounds of their own: a flood of scans (a few per parcel) never holds up the tracking pushes
  // that marketplaces count against the seller when late
  const pushes = stepRounds(max, push);
  const scans = stepRounds(max, scan);
  return defineConsumer({
    name: TRACKING_CONSUMER,
    filterSubjects: [LABEL_EVENTS.bought, LABEL_EVENTS.tracking],
    agentName: 'dropship-tracking',
    batchSize: max,
    concurrency: 2 * max,
    handle: (msg) => (msg.subject === LABEL_EVENTS.bought ? pushes(msg) : scans(msg)),
  });
}

export function dropshipAlertsConsumer(ctx: ConsumerContext): ConsumerDef {
  return defineConsumer({
    name: DROPSHIP_ALERTS_CONSUMER,
    filterSubjects: [DLQ_EVENTS.deadLettered],
    async handle(msg) {
      const d = msg.data;
      if (!STEP_CONSUMERS.has(d.consumer)) return;
      await ctx.db.transaction(async (tx) => {
        const e = (await tx.query<{ payload: { order_id?: string; id?: string }; last_error: string }>('select payload, last_error from dlq_entries where id = $1', [d.id])).rows[0];
        const orderId = e?.payload?.order_id ?? (d.subject === 'orders.created' ? e?.payload?.id : undefined) ?? null;
        await appendEvent(tx, msg.tenantId, FULFILLMENT_EVENTS.alert, {
          id: `dlq-${d.id}`,
          type: 'fulfillment_failed',
          severity: 'high',
          level: 'error',
          source: d.consumer,
          message: `Dropshipping step failed after retries (${d.subject}${orderId ? `, order ${orderId}` : ''}): ${e?.last_error ?? 'unknown error'}`,
          dlq_id: d.id,
          order_id: orderId,
          created_at: new Date().toISOString(),
        }, idsOf(msg));
      }, { tenantId: msg.tenantId });
    },
  });
}

export const dropshipConsumers = [dropshipRouterConsumer, dropshipLabelsConsumer, dropshipTrackingConsumer, dropshipAlertsConsumer, dropshipIntakeConsumer];
