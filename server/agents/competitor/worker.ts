/**
 * A competitor monitor run (docs/agents.md "Competitor monitor"), in the `competitor-monitor`
 * consumer: the tenant's active listings with the competitor offers the connectors last reported
 * (`listings.offers`, `buy_box_owner`: written by the marketplace sync and the repricer), compared
 * with what the monitor saw the time before (`competitor_watch`), in one transaction: new entrants,
 * price drops beyond the threshold and a lost buy box raise `alerts.competitor_change` (one open
 * alert per listing, change and seller: repeats fold); a buy box won back writes `agents.buy_box_won`,
 * which resolves the listing's open buy-box alert (docs/alerts.md "Automatic resolution"); MAP
 * violators are counted, their alert being the MAP monitor's `alerts.map_violation`; the listings
 * that changed are handed to the repricer (its entry point `reprice`, trigger `competitor_change`)
 * unless Pricing Intelligence is paused.
 */
import type { Db } from '../../db';
import { appendEvents, newEvent } from '../../events/outbox';
import { AGENT_EVENTS, COMPETITOR_ALERT_SOURCE, COMPETITOR_ALERT_SUBJECT, competitorAlertId } from '../../../contract/agents-events';
import { COMPETITOR_ALERT_TYPE } from '../../../contract/alerts';
import { reprice } from '../../api/pricing/repricer';
import { readState } from '../store';
import { changeWords, diffOffers, type Change, type Look, type Offer } from './diff';

interface Row {
  id: string; sku: string; offers: Offer[] | string; buy_box_owner: string | null; map_price_cents: number | null;
  seen: boolean; seen_offers: Offer[] | string | null; seen_owner: string | null;
}

export interface CompetitorOutputs extends Record<string, number> {
  listings_watched: number; new_entrants: number; price_drops: number; buy_box_lost: number; buy_box_won: number; map_violators: number; alerts: number; handed_to_repricer: number;
}

const parse = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const ALERTED = new Set<Change['change']>(['new_entrant', 'price_drop', 'buy_box_lost']);

export async function runCompetitor(db: Db, tenantId: string, s: { price_drop_pct: number }, ids: { causationId?: string } = {}): Promise<{ outputs: CompetitorOutputs; inputs: Record<string, unknown> }> {
  const out: CompetitorOutputs = { listings_watched: 0, new_entrants: 0, price_drops: 0, buy_box_lost: 0, buy_box_won: 0, map_violators: 0, alerts: 0, handed_to_repricer: 0 };
  const pricingPaused = await db.transaction((tx) => readState(tx, tenantId, 'pricing'), { tenantId }).then((st) => st.paused);
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<Row>(
      `select l.id, l.sku, l.offers, l.buy_box_owner, v.map_price_cents, w.listing_id is not null as seen, w.offers as seen_offers, w.buy_box_owner as seen_owner
         from listings l join product_variants v on v.id = l.variant_id
         left join competitor_watch w on w.listing_id = l.id
        where l.tenant_id = $1 and l.status = 'active'
        order by l.id`,
      [tenantId],
    );
    const events = [];
    const changed: string[] = [];
    const now = new Date().toISOString();
    for (const r of rows) {
      const offers = parse(r.offers) ?? [];
      const look: Look = { offers: offers.map((o) => ({ seller: o.seller, price_cents: Number(o.price_cents) })), buy_box_owner: r.buy_box_owner };
      const before: Look | null = r.seen ? { offers: (parse(r.seen_offers ?? '[]') ?? []).map((o) => ({ seller: o.seller, price_cents: Number(o.price_cents) })), buy_box_owner: r.seen_owner } : null;
      const changes = diffOffers(before, look, { dropPct: s.price_drop_pct, mapCents: r.map_price_cents === null ? null : Number(r.map_price_cents) });
      out.listings_watched += 1;
      let moved = false;
      for (const c of changes) {
        if (c.change === 'map_violator') out.map_violators += 1;
        else {
          moved = true;
          if (c.change === 'new_entrant') out.new_entrants += 1;
          if (c.change === 'price_drop') out.price_drops += 1;
          if (c.change === 'buy_box_lost') out.buy_box_lost += 1;
          if (c.change === 'buy_box_won') {
            out.buy_box_won += 1;
            // ends the listing's open buy-box alert (contract/alerts.ts ALERT_CLOSERS, docs/alerts.md "Automatic resolution")
            events.push(newEvent(AGENT_EVENTS.buyBoxWon, { listing_id: String(r.id), sku: r.sku, seller: c.seller }, ids.causationId));
          }
        }
        if (!ALERTED.has(c.change)) continue;
        events.push(newEvent(COMPETITOR_ALERT_SUBJECT, {
          id: competitorAlertId(String(r.id), c.change, c.seller),
          type: COMPETITOR_ALERT_TYPE,
          severity: c.change === 'new_entrant' ? 'info' : 'warning',
          level: c.change === 'new_entrant' ? 'info' : 'warning',
          source: COMPETITOR_ALERT_SOURCE,
          message: changeWords(r.sku, c),
          created_at: now,
          listing_id: String(r.id),
          sku: r.sku,
          change: c.change,
          seller: c.seller,
          price_cents: c.price_cents,
        }, ids.causationId));
      }
      if (moved) changed.push(String(r.id));
    }
    if (rows.length > 0) {
      await tx.query(
        `insert into competitor_watch (tenant_id, listing_id, offers, buy_box_owner, checked_at)
         select $1, x.id, x.offers, x.owner, now() from jsonb_to_recordset($2::jsonb) as x(id uuid, offers jsonb, owner text)
         on conflict (listing_id) do update set offers = excluded.offers, buy_box_owner = excluded.buy_box_owner, checked_at = now()`,
        [tenantId, JSON.stringify(rows.map((r) => ({ id: r.id, offers: parse(r.offers) ?? [], owner: r.buy_box_owner })))],
      );
    }
    await appendEvents(tx, tenantId, events);
    out.alerts = events.filter((e) => e.subject === COMPETITOR_ALERT_SUBJECT).length;
    if (changed.length > 0 && !pricingPaused) {
      // the repricer asks the pause again in this transaction: a pause since the read above holds
      const r = await reprice(tx, tenantId, { listingIds: changed }, 'competitor_change', ids);
      if (!r.paused) out.handed_to_repricer = changed.length;
    }
  }, { tenantId });
  return { outputs: out, inputs: { price_drop_pct: s.price_drop_pct, pricing_paused: pricingPaused } };
}
