/**
 * The pricing agent's buy-box alert end to end (docs/repricing.md "Pricing agent"): the agent runs as
 * the `pricing-agent` consumer after every marketplace tick (here `POST /marketplaces/{id}/sandbox/tick`,
 * as the sandbox clock would), stores a snapshot per account and raises `alerts.buy_box_drop` when an
 * account's buy-box share fell by more than the threshold (10 points) since the previous snapshot.
 * Alerts are not materialised in a table: the user sees them in the events log
 * (`GET /streams/events`), and the live figures and the sentence on `GET /pricing/agent`.
 *
 * The buy box is what the code reads — `listings.buy_box_owner` of the account's active listings. The
 * test's listings carry no external id, so the sandbox sync (which re-pulls the offers of the items it
 * knows by external id after each tick) leaves the owners this test sets alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';
import { waitFor } from './wait-for';
import { BUY_BOX_ALERT_SUBJECT } from '../../contract/pricing';

let h: Harness;
const call = (email: string, method: string, path: string, body?: unknown) => callAs(h, email, method, path, body);
const SELLER = 'seller@demo.local';
const ADMIN = 'admin@demo.local';
const NAME = 'Agent alert shop';
const N = 20;
const PRICE = 10_000; // amazon: 15 % fee, exactly 1500 cents
let account: string;
let listingIds: string[] = [];
let costs: number[] = [];
let ticks = 0;

interface AgentAccount { marketplace_id: string; marketplace_name: string; listings: number; buy_box_share: number; previous_buy_box_share: number | null; average_margin_cents: number | null; alert: string | null }
interface AlertEvent { id: number; subject: string; data: { type: string; severity: string; source: string; message: string; marketplace_id: string } }

async function agent() {
  const r = await call(SELLER, 'GET', '/api/pricing/agent');
  expect(r.status).toBe(200);
  return r.body.data as { marketplaces: AgentAccount[]; buy_box_history: { marketplace_id: string; buy_box_share: number }[]; alert_threshold_pp: number };
}
const mine = async () => (await agent()).marketplaces.find((m) => m.marketplace_id === account)!;
const history = async () => (await agent()).buy_box_history.filter((p) => p.marketplace_id === account).map((p) => p.buy_box_share);

/** Every buy-box alert of the tenant, as the events log lists them (oldest first). */
async function alerts(): Promise<AlertEvent[]> {
  const r = await call(ADMIN, 'GET', `/api/streams/events?subject=${BUY_BOX_ALERT_SUBJECT}&order=asc&limit=100`);
  expect(r.status).toBe(200);
  return r.body.data as AlertEvent[];
}

/** The tenant loses (or wins back) the buy box on the first `lost` listings of the account. */
async function loseBuyBox(lost: number): Promise<void> {
  await h.db.transaction(
    (tx) => tx.query(`update listings set buy_box_owner = case when id = any($1::uuid[]) then 'Acme' else 'you' end, updated_at = now() where marketplace_id = $2`, [listingIds.slice(0, lost), account]),
    { tenantId: DEMO_TENANT.id },
  );
}

/** One marketplace tick over HTTP, then waits until the agent's snapshot of it is stored (the snapshot and its alert commit together). */
async function tickAndSnapshot(): Promise<number[]> {
  const r = await call(ADMIN, 'POST', `/api/marketplaces/${account}/sandbox/tick`, { ticks: 1 });
  expect(r.status).toBe(200);
  ticks += 1;
  return waitFor(async () => {
    const points = await history();
    return points.length === ticks ? points : null;
  }, `snapshot ${ticks} of the pricing agent`);
}

beforeAll(async () => {
  h = await startServer();
  const created = await call(ADMIN, 'POST', '/api/marketplaces', { kind: 'amazon', name: NAME, sandbox_order_rate: 0 });
  expect(created.status).toBe(201);
  account = created.body.data.id;
  const rows = await h.db.transaction(async (tx) => {
    const vs = await tx.query<{ id: string; product_id: string; sku: string; title: string; cost_cents: number }>(
      `select v.id, v.product_id, v.sku, p.title, v.cost_cents from product_variants v join products p on p.id = v.product_id
        where v.tenant_id = $1 and v.cost_cents is not null order by v.id limit $2`,
      [DEMO_TENANT.id, N],
    );
    const out: { id: string; cost: number }[] = [];
    for (const v of vs.rows) {
      const l = await tx.query<{ id: string }>(
        `insert into listings (tenant_id, marketplace_id, product_id, variant_id, sku, title, price_cents, quantity, status, buy_box_owner, buy_box_price_cents)
         values ($1, $2, $3, $4, $5, $6, $7, 5, 'active', 'you', $7) returning id`,
        [DEMO_TENANT.id, account, v.product_id, v.id, v.sku, v.title, PRICE],
      );
      out.push({ id: l.rows[0].id, cost: Number(v.cost_cents) });
    }
    return out;
  }, { tenantId: DEMO_TENANT.id });
  expect(rows).toHaveLength(N);
  listingIds = rows.map((r) => r.id);
  costs = rows.map((r) => r.cost);
}, 120_000);
afterAll(async () => h?.close());

describe('pricing agent: buy-box drop alert', () => {
  it('the first snapshot records the share and raises nothing', async () => {
    expect(await alerts()).toEqual([]);
    const before = await mine();
    expect(before).toMatchObject({ marketplace_name: NAME, listings: N, buy_box_share: 1, previous_buy_box_share: null, alert: null });
    // average unit margin: price − cost − 15 % amazon fee, averaged over the listings
    expect(before.average_margin_cents).toBe(Math.round(costs.reduce((s, c) => s + (PRICE - c - 1500), 0) / N));
    expect((await agent()).alert_threshold_pp).toBe(10);
    const snapshotsOfOthers = async () => (await agent()).buy_box_history.filter((p) => p.marketplace_id !== account).length;
    const others = await snapshotsOfOthers();
    expect(await tickAndSnapshot()).toEqual([1]);
    expect(await alerts()).toEqual([]);
    // the tick was this account's: the other accounts' shares were not snapshot again
    expect(await snapshotsOfOthers()).toBe(others);
  });

  it('a fall of more than 10 points raises exactly one alert for that account, with the share before and after', async () => {
    await loseBuyBox(3); // 20 → 17 owned: 100 % → 85 %
    const sentence = `Buy-box share on ${NAME} fell 15.0 points to 85.0 %`;
    // what the page shows before the agent's next run: the live share against the last snapshot
    expect(await mine()).toMatchObject({ buy_box_share: 0.85, previous_buy_box_share: 1, alert: sentence });
    expect(await alerts()).toEqual([]); // reading the figures raises nothing; only the agent's run does

    expect(await tickAndSnapshot()).toEqual([1, 0.85]);
    const raised = await alerts();
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      subject: BUY_BOX_ALERT_SUBJECT,
      data: { type: 'buy_box_drop', severity: 'warning', source: 'pricing-agent', message: sentence, marketplace_id: account },
    });
    // the same alert, one by one in the log
    const one = await call(ADMIN, 'GET', `/api/streams/events/${raised[0].id}`);
    expect(one.status).toBe(200);
    expect(one.body.data.data.message).toBe(sentence);
    // another tenant does not see it
    const nw = await call('owner@northwind.local', 'GET', `/api/streams/events?subject=${BUY_BOX_ALERT_SUBJECT}`);
    expect(nw.status).toBe(200);
    expect(nw.body.data).toEqual([]);
    // the page keeps showing the fall the agent found (nothing changed since its snapshot)…
    expect(await mine()).toMatchObject({ buy_box_share: 0.85, previous_buy_box_share: 1, alert: sentence });
    // …until a later snapshot shows no fall; that snapshot raises nothing again
    expect(await tickAndSnapshot()).toEqual([1, 0.85, 0.85]);
    expect(await mine()).toMatchObject({ buy_box_share: 0.85, previous_buy_box_share: 0.85, alert: null });
    expect(await alerts()).toHaveLength(1);
  });

  it('a fall of exactly the threshold, a snapshot with no change and a gain raise none', async () => {
    await loseBuyBox(5); // 17 → 15 owned: 85 % → 75 %, 10 points is not more than 10
    expect(await mine()).toMatchObject({ buy_box_share: 0.75, previous_buy_box_share: 0.85, alert: null });
    expect(await tickAndSnapshot()).toEqual([1, 0.85, 0.85, 0.75]);
    expect(await alerts()).toHaveLength(1);

    expect(await tickAndSnapshot()).toEqual([1, 0.85, 0.85, 0.75, 0.75]); // nothing changed
    expect(await alerts()).toHaveLength(1);

    await loseBuyBox(0); // the buy box back everywhere
    expect(await tickAndSnapshot()).toEqual([1, 0.85, 0.85, 0.75, 0.75, 1]);
    const after = await alerts();
    expect(after).toHaveLength(1);
    expect(after[0].data.marketplace_id).toBe(account);
  });
});
