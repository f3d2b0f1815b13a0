/**
 * Property (fast-check) over the real poster and database (docs/ledger.md): random sequences of
 * business facts — orders shipped and unshipped (a label voided), purchase orders placed, rejected
 * or cancelled with their order, labels bought and voided, returns refunded — each written with its
 * events in its own transaction, as the commands and the automation write them, keep every entry
 * balanced, and the books of the run's objects equal its business tables: revenue and fees of the
 * orders shipped, the receivable net of refunds and the fees given back, cost of goods of the live
 * purchase orders, shipping of the live labels, each payable the negative of its expense.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { startServer, type Harness } from './harness';
import { DEMO_TENANT } from './tokens';
import { appendEvents, newEvent, type NewEvent } from '../../server/events/outbox';
import { insertOrders } from '../../server/api/orders/insert';
import { writeStatusChanges } from '../../server/api/orders/status';
import { feeBaseCents, feeCents, refundFeeCreditCents } from '../../contract/marketplaces';
import { MARKETPLACES, type Marketplace, type OrderStatus } from '../../contract/orders';
import type { Tx } from '../../server/db';

let h: Harness;
let supplierId = '';
const T = DEMO_TENANT.id;
const inDemo = <X>(fn: (tx: Tx) => Promise<X>) => h.db.transaction(fn, { tenantId: T });
const num = (x: unknown) => Number(x ?? 0);

beforeAll(async () => {
  h = await startServer();
  supplierId = (await inDemo((tx) => tx.query<{ id: string }>('select id::text as id from suppliers where tenant_id = $1 order by name limit 1', [T]))).rows[0].id;
}, 120_000);
afterAll(async () => h?.close());

type Cmd =
  | { t: 'ship' | 'unship' | 'cancel'; o: number }
  | { t: 'po'; o: number; cents: number }
  | { t: 'reject'; p: number }
  | { t: 'label'; o: number; cents: number }
  | { t: 'void'; l: number }
  | { t: 'refund'; o: number; cents: number };

const cents = fc.integer({ min: 1, max: 50_000 });
const cmd = (orders: number): fc.Arbitrary<Cmd> => {
  const o = fc.nat({ max: orders - 1 });
  return fc.oneof(
    fc.record({ t: fc.constantFrom('ship' as const, 'unship' as const, 'cancel' as const), o }),
    fc.record({ t: fc.constant('po' as const), o, cents }),
    fc.record({ t: fc.constant('reject' as const), p: fc.nat({ max: 5 }) }),
    fc.record({ t: fc.constant('label' as const), o, cents }),
    fc.record({ t: fc.constant('void' as const), l: fc.nat({ max: 5 }) }),
    fc.record({ t: fc.constant('refund' as const), o, cents }),
  );
};

interface Run { orders: string[]; pos: string[]; labels: string[]; returns: string[] }

/** Writes the run's orders: ordered from the supplier, on random marketplaces and amounts. */
async function newOrders(markets: Marketplace[], prices: number[]): Promise<string[]> {
  return inDemo((tx) => insertOrders(tx, T, markets.map((m, i) => ({
    marketplace: m, external_order_id: `PROP-${randomBytes(6).toString('hex')}`, customer_name: 'Property Test', status: 'ordered_from_supplier' as OrderStatus,
    currency: 'USD', shipping_cents: i % 2 ? 599 : 0, tax_cents: 0, created_at: new Date(), actor: 'test',
    ship_to: { name: 'Property Test', line1: '1 Main St', city: 'Austin', region: 'TX', postal_code: '78701', country: 'US' },
    items: [{ sku: `PROP-${i}`, title: 'Property item', quantity: 1, unit_price_cents: prices[i] }],
  }))));
}

const statusOf = async (tx: Tx, id: string) => (await tx.query<{ status: OrderStatus }>('select status from orders where tenant_id = $1 and id = $2', [T, id])).rows[0].status;
const asEvents = (list: { subject: string; payload: unknown }[]): NewEvent[] => list.map((e) => newEvent(e.subject as never, e.payload as never));

/** One fact, in its own transaction with its events; a fact that does not apply to the current state is skipped. */
async function apply(run: Run, c: Cmd): Promise<void> {
  await inDemo(async (tx) => {
    switch (c.t) {
      case 'ship': case 'unship': case 'cancel': {
        const id = run.orders[c.o];
        const from = await statusOf(tx, id);
        const to: OrderStatus | null = c.t === 'ship' ? (from === 'ordered_from_supplier' ? 'shipped' : null)
          : c.t === 'unship' ? (from === 'shipped' ? 'ordered_from_supplier' : null)
            : (from === 'ordered_from_supplier' ? 'cancelled' : null);
        if (!to) return;
        const [events] = await writeStatusChanges(tx, T, 'test', [{ orderId: id, steps: [{ from, to, reason: null }], consequence: c.t === 'unship' }]);
        await appendEvents(tx, T, asEvents(events));
        return;
      }
      case 'po': {
        const id = run.orders[c.o];
        if ((await statusOf(tx, id)) === 'cancelled') return;
        const po = (await tx.query<{ id: string; number: string }>(
          `insert into purchase_orders (tenant_id, order_id, supplier_id, attempt, total_cents)
           values ($1, $2, $3, coalesce((select max(attempt) + 1 from purchase_orders where tenant_id = $1 and order_id = $2), 1), $4) returning id::text as id, number`,
          [T, id, supplierId, c.cents],
        )).rows[0];
        run.pos.push(po.id);
        await appendEvents(tx, T, [newEvent('fulfillment.po_placed', { id: po.id, number: po.number, order_id: id, supplier_id: supplierId, supplier_name: 'S', attempt: 1, total_cents: c.cents })]);
        return;
      }
      case 'reject': {
        const poId = run.pos[c.p];
        if (!poId) return;
        const r = (await tx.query<{ number: string; order_id: string }>(
          `update purchase_orders set status = 'rejected', reject_reason = 'out_of_stock' where tenant_id = $1 and id = $2 and status = 'placed' returning number, order_id`, [T, poId],
        )).rows[0];
        if (r) await appendEvents(tx, T, [newEvent('fulfillment.po_rejected', { id: poId, number: r.number, order_id: r.order_id, supplier_id: supplierId, attempt: 1, reason: 'out_of_stock' })]);
        return;
      }
      case 'label': {
        const id = run.orders[c.o];
        const tracking = `9400${randomBytes(9).toString('hex')}`;
        const l = (await tx.query<{ id: string }>(
          `insert into shipments (tenant_id, order_id, carrier, service, zone, rate_cents, weight_grams, tracking_number, ship_from, ship_to_country)
           values ($1, $2, 'usps', 'Ground Advantage', 1, $3, 500, $4, 'Warehouse', 'US')
           on conflict do nothing returning id::text as id`, [T, id, c.cents, tracking],
        )).rows[0];
        if (!l) return; // the order has a live outbound label already (one at a time)
        run.labels.push(l.id);
        await appendEvents(tx, T, [newEvent('labels.bought', { id: l.id, order_id: id, direction: 'outbound', carrier: 'usps', service: 'Ground Advantage', rate_cents: c.cents, tracking_number: tracking, late: false, promised_by: null })]);
        return;
      }
      case 'void': {
        const labelId = run.labels[c.l];
        if (!labelId) return;
        const v = (await tx.query<{ order_id: string; tracking_number: string; rate_cents: number }>(
          `update shipments set status = 'voided', voided_at = now() where tenant_id = $1 and id = $2 and status <> 'voided' returning order_id, tracking_number, rate_cents`, [T, labelId],
        )).rows[0];
        if (v) await appendEvents(tx, T, [newEvent('labels.voided', { id: labelId, order_id: v.order_id, carrier: 'usps', tracking_number: v.tracking_number, refund_cents: num(v.rate_cents) })]);
        return;
      }
      case 'refund': {
        const id = run.orders[c.o];
        if ((await statusOf(tx, id)) !== 'shipped') return;
        const r = (await tx.query<{ id: string; number: string }>(
          `insert into returns (tenant_id, order_id, status, reason, items, resolution, refund_cents)
           values ($1, $2, 'refunded', 'defective', '[]', 'refund', least($3::int, (select subtotal_cents from orders where tenant_id = $1 and id = $2)::int))
           returning id::text as id, number`, [T, id, c.cents],
        )).rows[0];
        run.returns.push(r.id);
        await appendEvents(tx, T, [newEvent('returns.status_changed', { id: r.id, number: r.number, order_id: id, from: 'received', to: 'refunded' })]);
        return;
      }
    }
  });
}

/** What the business tables of the run's objects say each account holds. */
async function fromBusiness(run: Run): Promise<Map<string, number>> {
  return inDemo(async (tx) => {
    const want = new Map<string, number>();
    const add = (a: string, v: number) => v !== 0 && want.set(a, (want.get(a) ?? 0) + v);
    for (const o of (await tx.query<{ marketplace: Marketplace; subtotal_cents: string; shipping_cents: string }>(
      `select marketplace, subtotal_cents, shipping_cents from orders where tenant_id = $1 and id = any($2::text[]) and status = 'shipped'`, [T, run.orders],
    )).rows) {
      const sale = feeBaseCents({ subtotal_cents: num(o.subtotal_cents), shipping_cents: num(o.shipping_cents) });
      const fee = feeCents(o.marketplace, sale);
      add('sales_revenue', -sale);
      add('marketplace_fees', fee);
      add(`marketplace_receivable:${o.marketplace}`, sale - fee);
    }
    for (const r of (await tx.query<{ marketplace: Marketplace; refund_cents: string }>(
      `select o.marketplace, r.refund_cents from returns r join orders o on o.tenant_id = r.tenant_id and o.id = r.order_id where r.tenant_id = $1 and r.id = any($2::uuid[])`, [T, run.returns],
    )).rows) {
      const credit = refundFeeCreditCents(r.marketplace, num(r.refund_cents));
      add('refunds', num(r.refund_cents));
      add(`marketplace_receivable:${r.marketplace}`, credit - num(r.refund_cents));
      add('marketplace_fees', -credit);
    }
    const cogs = num((await tx.query<{ t: string }>(`select sum(total_cents) as t from purchase_orders where tenant_id = $1 and id = any($2::uuid[]) and status not in ('rejected', 'cancelled')`, [T, run.pos])).rows[0].t);
    const postage = num((await tx.query<{ t: string }>(`select sum(rate_cents) as t from shipments where tenant_id = $1 and id = any($2::uuid[]) and status <> 'voided'`, [T, run.labels])).rows[0].t);
    add('cost_of_goods', cogs);
    add('supplier_payable', -cogs);
    add('shipping_expense', postage);
    add('shipping_payable', -postage);
    return want;
  });
}

/** What the books hold for the run's objects, per account, and the entries that do not balance. */
async function fromBooks(run: Run): Promise<{ balances: Map<string, number>; unbalanced: number }> {
  const ids = [...run.orders, ...run.pos, ...run.labels, ...run.returns];
  return inDemo(async (tx) => {
    const b = await tx.query<{ account: string; s: string }>(
      `select p.account, sum(p.amount_cents) as s from ledger_postings p join ledger_entries e on e.id = p.entry_id
        where e.tenant_id = $1 and e.object_id = any($2::text[]) group by p.account having sum(p.amount_cents) <> 0`, [T, ids],
    );
    const u = await tx.query<{ n: string }>(
      `select count(*) as n from (select e.id from ledger_entries e join ledger_postings p on p.entry_id = e.id
        where e.tenant_id = $1 and e.object_id = any($2::text[]) group by e.id, p.currency having sum(p.amount_cents) <> 0) x`, [T, ids],
    );
    return { balances: new Map(b.rows.map((r) => [r.account, num(r.s)])), unbalanced: num(u.rows[0].n) };
  });
}

const sorted = (m: Map<string, number>) => [...m.entries()].sort(([a], [b]) => a.localeCompare(b));

describe('the books after random sequences of facts', () => {
  it('keep every entry balanced and equal the business tables', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...MARKETPLACES), { minLength: 3, maxLength: 3 }),
        fc.array(fc.integer({ min: 100, max: 40_000 }), { minLength: 3, maxLength: 3 }),
        fc.array(cmd(3), { minLength: 1, maxLength: 14 }),
        async (markets, prices, cmds) => {
          const run: Run = { orders: await newOrders(markets, prices), pos: [], labels: [], returns: [] };
          for (const c of cmds) await apply(run, c);
          const books = await fromBooks(run);
          expect(books.unbalanced).toBe(0);
          expect(sorted(books.balances)).toEqual(sorted(await fromBusiness(run)));
        },
      ),
      { numRuns: Number(process.env.LEDGER_PROPERTY_RUNS ?? 12), seed: Number(process.env.LEDGER_PROPERTY_SEED ?? 20261128) },
    );
  }, 300_000);
});
