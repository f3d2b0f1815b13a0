/**
 * The one write of an order's status (server/api/orders/status.ts, docs/commerce.md "Order
 * statuses"): each step checked against contract/orders.ts ORDER_TRANSITIONS, the order's row written
 * once and only from the status the change starts from, one history line per step, the steps'
 * events answered in order; and no other code writes an order's status or its history. Runs on
 * PGlite and PostgreSQL (TEST_DATABASE_URL).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';
import { writeStatusChanges, type StatusChange, type StatusEvent } from '../../server/api/orders/status';
import { HttpError } from '../../server/api/errors';
import type { OrderStatus } from '../../contract/orders';

const T = DEMO_TENANT.id;
let h: Harness;

beforeAll(async () => {
  h = await startServer();
}, 60_000);

afterAll(async () => {
  await h?.close();
});

const asTenant = <R extends Record<string, unknown>>(sql: string, params: unknown[]) =>
  h.db.transaction(async (tx) => (await tx.query<R>(sql, params)).rows, { tenantId: T });

/** Seeded orders of a status, each used by one test only. */
const taken = new Set<string>();
async function orderIn(status: OrderStatus): Promise<string> {
  const rows = await asTenant<{ id: string }>('select id from orders where tenant_id = $1 and status = $2 order by id limit 50', [T, status]);
  const id = rows.map((r) => r.id).find((x) => !taken.has(x));
  if (!id) throw new Error(`no seeded ${status} order left`);
  taken.add(id);
  return id;
}

const write = (actor: string, changes: StatusChange[]) => h.db.transaction((tx) => writeStatusChanges(tx, T, actor, changes), { tenantId: T });
const stateOf = async (id: string) => (await asTenant<{ status: string; cancel_reason: string | null; route_attempt: number }>('select status, cancel_reason, route_attempt from orders where id = $1', [id]))[0];
const historyOf = (id: string) => asTenant<{ from_status: string; to_status: string; reason: string | null; actor: string }>(
  'select from_status, to_status, reason, actor from order_status_history where order_id = $1 and from_status is not null order by at, id', [id]);

describe('writeStatusChanges', () => {
  it('walks several steps of several orders in one write: status, attempt, history lines, events in step order', async () => {
    const [a, b] = [await orderIn('pending'), await orderIn('pending')];
    const before = await historyOf(a);
    const events = await write('automation', [
      { orderId: a, steps: [{ from: 'pending', to: 'routed', reason: null }, { from: 'routed', to: 'ordered_from_supplier', reason: 'purchase order placed' }], routeAttempt: 7 },
      { orderId: b, steps: [{ from: 'pending', to: 'routed', reason: 'routed to suppliers' }] },
    ]);
    expect(await stateOf(a)).toMatchObject({ status: 'ordered_from_supplier', route_attempt: 7 });
    expect((await stateOf(b)).status).toBe('routed');
    expect((await historyOf(a)).slice(before.length)).toEqual([
      { from_status: 'pending', to_status: 'routed', reason: null, actor: 'automation' },
      { from_status: 'routed', to_status: 'ordered_from_supplier', reason: 'purchase order placed', actor: 'automation' },
    ]);
    expect(events).toEqual<StatusEvent[][]>([
      [
        { subject: 'orders.status_changed', payload: { id: a, from: 'pending', to: 'routed', reason: null } },
        { subject: 'orders.status_changed', payload: { id: a, from: 'routed', to: 'ordered_from_supplier', reason: 'purchase order placed' } },
      ],
      [{ subject: 'orders.status_changed', payload: { id: b, from: 'pending', to: 'routed', reason: 'routed to suppliers' } }],
    ]);
  });

  it('cancels with the reason on the order and answers orders.cancelled after the status change', async () => {
    const id = await orderIn('pending');
    const [events] = await write('seller@demo.local', [{ orderId: id, steps: [{ from: 'pending', to: 'cancelled', reason: 'Buyer changed their mind' }] }]);
    expect(await stateOf(id)).toMatchObject({ status: 'cancelled', cancel_reason: 'Buyer changed their mind' });
    expect((await historyOf(id)).at(-1)).toEqual({ from_status: 'pending', to_status: 'cancelled', reason: 'Buyer changed their mind', actor: 'seller@demo.local' });
    expect(events.map((e) => e.subject)).toEqual(['orders.status_changed', 'orders.cancelled']);
    expect(events[1].payload).toEqual({ id, from: 'pending', reason: 'Buyer changed their mind' });
  });

  it('writes only the router attempt when a change has no step', async () => {
    const id = await orderIn('routed');
    const lines = (await historyOf(id)).length;
    expect(await write('automation', [{ orderId: id, steps: [], routeAttempt: 3 }])).toEqual([[]]);
    expect(await stateOf(id)).toMatchObject({ status: 'routed', route_attempt: 3 });
    expect(await historyOf(id)).toHaveLength(lines);
  });

  it('refuses a step ORDER_TRANSITIONS does not allow, with the statuses allowed, and writes nothing', async () => {
    const [ok, skip] = [await orderIn('pending'), await orderIn('pending')];
    const lines = (await historyOf(skip)).length;
    const err = await write('automation', [
      { orderId: ok, steps: [{ from: 'pending', to: 'routed', reason: null }] },
      { orderId: skip, steps: [{ from: 'pending', to: 'shipped', reason: null }] },
    ]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 409, code: 'invalid_transition', details: { from: 'pending', to: 'shipped', allowed: ['routed', 'cancelled'] } });
    expect((await stateOf(ok)).status).toBe('pending');
    expect(await historyOf(skip)).toHaveLength(lines);
    await expect(write('automation', [{ orderId: ok, steps: [{ from: 'delivered', to: 'returned', reason: null }, { from: 'shipped', to: 'delivered', reason: null }] }])).rejects.toThrow(/after a step to returned/);
  });

  it('refuses a change from a status the order no longer has (409 conflict), and the whole write with it', async () => {
    const [moved, other] = [await orderIn('routed'), await orderIn('pending')];
    const err = await write('automation', [
      { orderId: other, steps: [{ from: 'pending', to: 'routed', reason: null }] },
      { orderId: moved, steps: [{ from: 'pending', to: 'routed', reason: null }] },
    ]).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 409, code: 'conflict' });
    expect((err as Error).message).toContain(moved);
    expect((await stateOf(other)).status).toBe('pending');
    expect((await stateOf(moved)).status).toBe('routed');
  });
});

describe('every status change goes through it', () => {
  it('a person\'s change writes the same history line and event shape, by their email', async () => {
    const id = await orderIn('shipped');
    const r = await callAs(h, 'seller@demo.local', 'POST', `/api/orders/${id}/status`, { status: 'delivered', reason: 'by hand' });
    expect(r.status).toBe(200);
    expect((await historyOf(id)).at(-1)).toEqual({ from_status: 'shipped', to_status: 'delivered', reason: 'by hand', actor: 'seller@demo.local' });
    const events = await asTenant<{ subject: string; payload: unknown }>(`select subject, payload from events where subject like 'orders.%' and payload->>'id' = $1 order by seq`, [id]);
    expect(events).toEqual([{ subject: 'orders.status_changed', payload: { id, from: 'shipped', to: 'delivered', reason: 'by hand' } }]);
  });

  it('no other code of the server writes an order\'s status or its history lines', () => {
    const root = join(__dirname, '../..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const f of readdirSync(dir)) {
        const p = join(dir, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (p.endsWith('.ts')) files.push(p);
      }
    };
    walk(join(root, 'server'));
    const writers = files.filter((f) => {
      const text = readFileSync(f, 'utf8');
      return /update\s+orders\b[^`'"]*?\bset\b[^`'"]*?\bstatus\s*=/i.test(text) || /insert\s+into\s+order_status_history/i.test(text);
    });
    // the one write, and the order's creation (its first history lines: server/api/orders/insert.ts); the seed writes history of its own
    expect(writers.map((f) => relative(root, f)).filter((f) => !f.startsWith('server/seed/') && !f.startsWith('server/db/')).sort()).toEqual(['server/api/orders/insert.ts', 'server/api/orders/status.ts']);
  });
});
