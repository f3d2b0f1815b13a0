/**
 * Pricing Intelligence (docs/repricing.md "Pricing agent"): per marketplace account the buy-box
 * share, average unit margin, price changes and proposals waiting; per SKU the units sold in the
 * last 7 and 30 days against the period before. `snapshotTenant` (the `pricing-agent` consumer) stores
 * each account's share and raises `alerts.buy_box_drop` when it fell by more than the threshold
 * since the previous snapshot, and `pricing.buy_box_regained` when an account with an open buy-box
 * alert is back within the threshold of its share before the drop (the alert then resolves by
 * automation: docs/alerts.md "Automatic resolution").
 */
import type { Db, Tx } from '../../db';
import { appendEvent } from '../../events/outbox';
import { BUY_BOX_ALERT_SUBJECT, PRICING_EVENTS, type PricingAgent } from '../../../contract/pricing';
import { BUY_BOX_ALERT_SOURCE } from '../../../contract/alerts';
import type { MarketplaceKind } from '../../../contract/marketplaces';
import { marginCents } from '../../domain/repricing';
import { feeOf } from './inputs';
import { loadFeeBook } from '../../domain/fee-book';

/** A fall of the buy-box share by more than this many percentage points raises an alert. */
export function alertThresholdPp(): number {
  const v = Number(process.env.PRICING_BUYBOX_ALERT_PP ?? 10);
  return Number.isFinite(v) && v >= 0 ? v : 10;
}

interface AccountFigures { marketplace_id: string; marketplace_name: string; listings: number; owned: number; margin_sum: number; margin_n: number }

/** Each account's figures (one account's, when given). */
async function accountFigures(tx: Tx, tenantId: string, marketplaceId?: string): Promise<AccountFigures[]> {
  const { rows } = await tx.query<{ marketplace_id: string; marketplace_name: string; kind: MarketplaceKind; price_cents: number; cost_cents: number | null; owner: string | null }>(
    `select m.id as marketplace_id, m.name as marketplace_name, m.kind, l.price_cents, v.cost_cents, l.buy_box_owner as owner
       from marketplace_accounts m left join listings l on l.marketplace_id = m.id and l.status = 'active'
       left join product_variants v on v.id = l.variant_id
      where m.tenant_id = $1 ${marketplaceId ? 'and m.id = $2' : ''} order by m.name, m.id`,
    marketplaceId ? [tenantId, marketplaceId] : [tenantId],
  );
  const out = new Map<string, AccountFigures>();
  // the margin at today's fee: the tenant's schedule in force now (docs/settings.md "Fee overrides"), read once
  const fees = await loadFeeBook(tx, tenantId);
  for (const r of rows) {
    let a = out.get(r.marketplace_id);
    if (!a) out.set(r.marketplace_id, (a = { marketplace_id: r.marketplace_id, marketplace_name: r.marketplace_name, listings: 0, owned: 0, margin_sum: 0, margin_n: 0 }));
    if (r.price_cents == null) continue;
    a.listings += 1;
    if (r.owner === 'you') a.owned += 1;
    const fee = feeOf(r.kind, fees.now(r.kind));
    const m = marginCents(Number(r.price_cents), r.cost_cents == null ? null : Number(r.cost_cents), 0, fee.rateBp, fee.fixed);
    if (m != null) {
      a.margin_sum += m;
      a.margin_n += 1;
    }
  }
  return [...out.values()];
}

/** Share in basis points (integer), so snapshots compare exactly. */
const shareBp = (a: AccountFigures) => (a.listings === 0 ? 0 : Math.floor((a.owned * 10_000) / a.listings));

/** The alert sentence when the share fell from `prev` by more than the threshold, else null. */
function buyBoxAlert(a: AccountFigures, prev: number | undefined, share: number, threshold: number): string | null {
  const dropPp = prev == null ? 0 : (prev - share) / 100;
  return dropPp > threshold ? `Buy-box share on ${a.marketplace_name} fell ${dropPp.toFixed(1)} points to ${(share / 100).toFixed(1)} %` : null;
}

/**
 * The agent's figures for the console. When nothing changed since the latest snapshot, the share is
 * compared with the snapshot before it, so the fall the agent last found stays on the page until a
 * later snapshot shows no fall (the agent itself compares with the latest: `snapshotTenant`).
 */
export async function computeAgent(tx: Tx, tenantId: string): Promise<PricingAgent> {
  const threshold = alertThresholdPp();
  const accounts = await accountFigures(tx, tenantId);
  // one after another: a transaction is one connection (pg refuses overlapping queries on it)
  const changes = await tx.query<{ marketplace_id: string; n: number }>(
      `select l.marketplace_id, count(*)::int as n from price_decisions d join listings l on l.id = d.listing_id
        where d.tenant_id = $1 and d.applied and d.created_at > now() - interval '7 days' group by l.marketplace_id`,
      [tenantId],
  );
  const waiting = await tx.query<{ marketplace_id: string; n: number }>(
      `select l.marketplace_id, count(*)::int as n from price_proposals x join listings l on l.id = x.listing_id
        where x.tenant_id = $1 and x.status = 'pending' group by l.marketplace_id`,
      [tenantId],
  );
  const snaps = await tx.query<{ marketplace_id: string; buy_box_share_bp: number; n: number }>(
      `select marketplace_id, buy_box_share_bp, n from (
         select marketplace_id, buy_box_share_bp, row_number() over (partition by marketplace_id order by created_at desc, id desc) as n
           from pricing_agent_snapshots where tenant_id = $1) s
        where n <= 2`,
      [tenantId],
  );
  const velocity = await tx.query<{ sku: string; u7: number; p7: number; u30: number; p30: number }>(
      `select i.sku,
              coalesce(sum(i.quantity) filter (where o.created_at > now() - interval '7 days'), 0)::int as u7,
              coalesce(sum(i.quantity) filter (where o.created_at <= now() - interval '7 days' and o.created_at > now() - interval '14 days'), 0)::int as p7,
              coalesce(sum(i.quantity) filter (where o.created_at > now() - interval '30 days'), 0)::int as u30,
              coalesce(sum(i.quantity) filter (where o.created_at <= now() - interval '30 days'), 0)::int as p30
         from order_items i join orders o on o.tenant_id = i.tenant_id and o.id = i.order_id
        where i.tenant_id = $1 and o.created_at > now() - interval '60 days' and o.status not in ('cancelled', 'returned')
        group by i.sku order by u30 desc, i.sku limit 50`,
      [tenantId],
  );
  const history = await tx.query<{ marketplace_id: string; at: string; bp: number }>(
      `select marketplace_id, created_at as at, buy_box_share_bp as bp from pricing_agent_snapshots
        where tenant_id = $1 and created_at > now() - interval '30 days' order by created_at desc, id desc limit 2000`,
      [tenantId],
  );
  const impact = await tx.query<{ day: string; n: number; delta: number }>(
      `select to_char(date_trunc('day', decided_at at time zone 'UTC'), 'YYYY-MM-DD') as day, count(*)::int as n,
              coalesce(sum(margin_after_cents - margin_before_cents), 0)::bigint as delta
         from price_proposals where tenant_id = $1 and status = 'applied' and decided_at > now() - interval '30 days'
        group by 1 order by 1`,
      [tenantId],
  );
  const movers = await tx.query<{ listing_id: string; sku: string; marketplace_name: string; old_price_cents: number; new_price_cents: number; reason: string; at: string }>(
      `select d.listing_id, v.sku, m.name as marketplace_name, d.old_price_cents, d.new_price_cents, d.reason, d.created_at as at
         from price_decisions d join listings l on l.id = d.listing_id join marketplace_accounts m on m.id = l.marketplace_id
         join product_variants v on v.id = l.variant_id
        where d.tenant_id = $1 and d.applied and d.new_price_cents is not null and d.created_at > now() - interval '7 days'
        order by abs(d.new_price_cents - d.old_price_cents) desc, d.created_at desc, d.id limit 10`,
      [tenantId],
  );
  const changesBy = new Map(changes.rows.map((r) => [r.marketplace_id, Number(r.n)]));
  const waitingBy = new Map(waiting.rows.map((r) => [r.marketplace_id, Number(r.n)]));
  const latestBy = new Map(snaps.rows.filter((r) => Number(r.n) === 1).map((r) => [r.marketplace_id, Number(r.buy_box_share_bp)]));
  const earlierBy = new Map(snaps.rows.filter((r) => Number(r.n) === 2).map((r) => [r.marketplace_id, Number(r.buy_box_share_bp)]));
  const marketplaces = accounts.map((a) => {
    const share = shareBp(a);
    const latest = latestBy.get(a.marketplace_id);
    const earlier = earlierBy.get(a.marketplace_id);
    const prev = latest === share && earlier !== undefined ? earlier : latest;
    return {
      marketplace_id: a.marketplace_id,
      marketplace_name: a.marketplace_name,
      listings: a.listings,
      buy_box_share: share / 10_000,
      previous_buy_box_share: prev == null ? null : prev / 10_000,
      average_margin_cents: a.margin_n === 0 ? null : Math.round(a.margin_sum / a.margin_n),
      price_changes_7d: changesBy.get(a.marketplace_id) ?? 0,
      proposals_waiting: waitingBy.get(a.marketplace_id) ?? 0,
      alert: buyBoxAlert(a, prev, share, threshold),
    };
  });
  return {
    computed_at: new Date().toISOString(),
    marketplaces,
    buy_box_history: history.rows.reverse().map((r) => ({ marketplace_id: r.marketplace_id, at: new Date(r.at).toISOString(), buy_box_share: Number(r.bp) / 10_000 })),
    margin_impact: impact.rows.map((r) => ({ day: r.day, changes: Number(r.n), margin_change_cents: Number(r.delta) })),
    top_movers: movers.rows.map((r) => ({ ...r, listing_id: String(r.listing_id), old_price_cents: Number(r.old_price_cents), new_price_cents: Number(r.new_price_cents), at: new Date(r.at).toISOString() })),
    proposals_waiting: marketplaces.reduce((s, m) => s + m.proposals_waiting, 0),
    price_changes_7d: marketplaces.reduce((s, m) => s + m.price_changes_7d, 0),
    velocity: velocity.rows.map((r) => ({ sku: r.sku, units_7d: Number(r.u7), units_prior_7d: Number(r.p7), units_30d: Number(r.u30), units_prior_30d: Number(r.p30) })),
    alert_threshold_pp: threshold,
  };
}

/**
 * The accounts with an open buy-box alert and their share before it opened: the latest snapshot
 * older than the alert (the snapshot that found the drop was written with it, at the same time).
 */
async function openDrops(tx: Tx, tenantId: string, marketplaceId?: string): Promise<Map<string, number>> {
  const { rows } = await tx.query<{ marketplace_id: string; bp: number | null }>(
    `select s.marketplace_id, s.bp
       from alerts a
       join lateral (select p.marketplace_id::text as marketplace_id, p.buy_box_share_bp as bp from pricing_agent_snapshots p
                      where p.tenant_id = a.tenant_id and p.marketplace_id::text = substr(a.key, ${'marketplace:'.length + 1}) and p.created_at < a.created_at
                      order by p.created_at desc, p.id desc limit 1) s on true
      where a.tenant_id = $1 and a.type = 'buy_box_drop' and a.source = $2 and a.resolved_at is null and a.key like 'marketplace:%'
        ${marketplaceId ? 'and a.key = $3' : ''}`,
    marketplaceId ? [tenantId, BUY_BOX_ALERT_SOURCE, `marketplace:${marketplaceId}`] : [tenantId, BUY_BOX_ALERT_SOURCE],
  );
  return new Map(rows.filter((r) => r.bp !== null).map((r) => [r.marketplace_id, Number(r.bp)]));
}

/**
 * One agent run: a snapshot per account (of one account, after that account's tick), an alert per
 * account whose share dropped since its previous snapshot, and `pricing.buy_box_regained` for an
 * account whose open drop is over (its share back within the threshold of the share before it).
 * Reads only what the snapshot needs (the console's page reads the rest). Returns the alerts raised.
 */
export async function snapshotTenant(db: Db, tenantId: string, marketplaceId?: string): Promise<number> {
  return db.transaction(async (tx) => {
    const threshold = alertThresholdPp();
    const accounts = await accountFigures(tx, tenantId, marketplaceId);
    const latest = await tx.query<{ marketplace_id: string; bp: number }>(
      `select distinct on (marketplace_id) marketplace_id, buy_box_share_bp as bp from pricing_agent_snapshots
        where tenant_id = $1 ${marketplaceId ? 'and marketplace_id = $2' : ''} order by marketplace_id, created_at desc, id desc`,
      marketplaceId ? [tenantId, marketplaceId] : [tenantId],
    );
    const latestBy = new Map(latest.rows.map((r) => [r.marketplace_id, Number(r.bp)]));
    const drops = await openDrops(tx, tenantId, marketplaceId);
    let alerts = 0;
    for (const a of accounts) {
      const share = shareBp(a);
      const alert = buyBoxAlert(a, latestBy.get(a.marketplace_id), share, threshold);
      await tx.query('insert into pricing_agent_snapshots (tenant_id, marketplace_id, listings, buy_box_share_bp, average_margin_cents) values ($1, $2, $3, $4, $5)', [
        tenantId, a.marketplace_id, a.listings, share, a.margin_n === 0 ? null : Math.round(a.margin_sum / a.margin_n),
      ]);
      if (alert) {
        alerts += 1;
        await appendEvent(tx, tenantId, BUY_BOX_ALERT_SUBJECT, {
          id: `buybox-${a.marketplace_id}-${Date.now()}`,
          type: 'buy_box_drop',
          severity: 'warning',
          level: 'warning',
          source: BUY_BOX_ALERT_SOURCE,
          message: alert,
          marketplace_id: a.marketplace_id,
          created_at: new Date().toISOString(),
        });
      } else {
        const before = drops.get(a.marketplace_id);
        if (before !== undefined && buyBoxAlert(a, before, share, threshold) === null) {
          await appendEvent(tx, tenantId, PRICING_EVENTS.buyBoxRegained, { marketplace_id: a.marketplace_id, buy_box_share: share / 10_000, share_before_drop: before / 10_000 });
        }
      }
    }
    return alerts;
  }, { tenantId });
}
