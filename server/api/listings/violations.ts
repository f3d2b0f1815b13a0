/**
 * MAP monitoring (docs/marketplaces.md "MAP monitoring"): after every push or offer pull, the
 * listings' own prices and their competitors' offers are compared with the variant's MAP under the
 * tenant's grace. A new breach opens a violation (one unresolved per listing and seller, with the
 * offer as evidence); a breach seen again updates its last-seen time and evidence; a breach no longer
 * seen is resolved. The caller emits `listings.violation_opened` for each opened one and
 * `listings.violation_resolved` for each resolved one (which resolves the listing's MAP alert once
 * none is left open: docs/alerts.md "Automatic resolution").
 */
import type { Tx } from '../../db';
import { violatesMap, type CompetitorOffer, type MapSettings } from '../../../contract/listings';
import type { EventPayload } from '../../../contract/event-catalogue';

export interface MapGrace { grace_pct: number; grace_cents: number }

export async function mapGrace(tx: Tx, tenantId: string): Promise<MapGrace> {
  const { rows } = await tx.query<{ grace_pct: string; grace_cents: number }>('select grace_pct, grace_cents from map_settings where tenant_id = $1', [tenantId]);
  return rows[0] ? { grace_pct: Number(rows[0].grace_pct), grace_cents: Number(rows[0].grace_cents) } : { grace_pct: 0, grace_cents: 0 };
}

/** The MAP policy as `GET /listings/map-settings` answers it (no grace until saved); `lock` holds the stored row. */
export async function readMapSettings(tx: Tx, tenantId: string, lock = false): Promise<MapSettings> {
  const { rows } = await tx.query<{ grace_pct: string; grace_cents: number; updated_at: Date | string; updated_by: string | null }>(
    `select grace_pct, grace_cents, updated_at, updated_by from map_settings where tenant_id = $1${lock ? ' for update' : ''}`,
    [tenantId],
  );
  const r = rows[0];
  if (!r) return { grace_pct: 0, grace_cents: 0, updated_at: null, updated_by: null };
  return { grace_pct: Number(r.grace_pct), grace_cents: Number(r.grace_cents), updated_at: new Date(r.updated_at).toISOString(), updated_by: r.updated_by };
}

interface Observation {
  listing_id: string;
  marketplace_id: string;
  variant_id: string;
  source: 'own_listing' | 'competitor';
  seller: string;
  price_cents: number;
  map_cents: number;
  evidence: Record<string, unknown>;
}

export interface MapCheckResult {
  opened: EventPayload<'listings.violation_opened'>[];
  resolved: EventPayload<'listings.violation_resolved'>[];
}

export async function refreshViolations(tx: Tx, tenantId: string, listingIds: string[], tick: number | null = null): Promise<MapCheckResult> {
  if (listingIds.length === 0) return { opened: [], resolved: [] };
  const grace = await mapGrace(tx, tenantId);
  const { rows } = await tx.query<{
    id: string; marketplace_id: string; variant_id: string; sku: string; status: string; price_cents: number; offers: CompetitorOffer[]; map_cents: number | null;
    buy_box_owner: string | null;
  }>(
    `select l.id, l.marketplace_id, l.variant_id, l.sku, l.status, l.price_cents, l.offers, l.buy_box_owner,
            v.map_price_cents as map_cents
       from listings l join product_variants v on v.id = l.variant_id
      where l.tenant_id = $1 and l.id = any($2::uuid[])`,
    [tenantId, listingIds],
  );
  const now = new Date().toISOString();
  const seen: Observation[] = [];
  for (const l of rows) {
    if (l.map_cents == null) continue;
    const map = Number(l.map_cents);
    // an own price counts only while buyers can see it
    if (l.status === 'active' && violatesMap(Number(l.price_cents), map, grace)) {
      seen.push({
        listing_id: l.id, marketplace_id: l.marketplace_id, variant_id: l.variant_id, source: 'own_listing', seller: 'you', price_cents: Number(l.price_cents), map_cents: map,
        evidence: { seller: 'you', price_cents: Number(l.price_cents), shipping_cents: 0, is_buy_box: l.buy_box_owner === 'you', captured_at: now, tick },
      });
    }
    for (const o of l.offers ?? []) {
      if (!violatesMap(o.price_cents, map, grace)) continue;
      seen.push({
        listing_id: l.id, marketplace_id: l.marketplace_id, variant_id: l.variant_id, source: 'competitor', seller: o.seller, price_cents: o.price_cents, map_cents: map,
        evidence: { seller: o.seller, price_cents: o.price_cents, shipping_cents: o.shipping_cents, is_buy_box: o.is_buy_box, captured_at: now, tick },
      });
    }
  }
  const skuOf = new Map(rows.map((r) => [r.id, r.sku]));
  const current = await tx.query<{ id: string; listing_id: string; source: Observation['source']; seller: string }>(
    `select id, listing_id, source, seller from map_violations where tenant_id = $1 and listing_id = any($2::uuid[]) and state <> 'resolved'`,
    [tenantId, listingIds],
  );
  const key = (x: { listing_id: string; source: string; seller: string }) => `${x.listing_id}|${x.source}|${x.seller}`;
  const open = new Map(current.rows.map((r) => [key(r), r.id]));
  const seenKeys = new Set(seen.map(key));
  const again = seen.filter((s) => open.has(key(s)));
  const fresh = seen.filter((s) => !open.has(key(s)));
  const gone = current.rows.filter((r) => !seenKeys.has(key(r)));
  if (again.length) {
    await tx.query(
      `update map_violations m set last_seen_at = now(), observed_price_cents = u.p, map_price_cents = u.m, evidence = u.e
         from unnest($1::uuid[], $2::int[], $3::int[], $4::jsonb[]) as u(id, p, m, e) where m.id = u.id`,
      [again.map((s) => open.get(key(s))), again.map((s) => s.price_cents), again.map((s) => s.map_cents), again.map((s) => JSON.stringify(s.evidence))],
    );
  }
  let opened: MapCheckResult['opened'] = [];
  if (fresh.length) {
    const ins = await tx.query<{ id: string; listing_id: string; seller: string; source: Observation['source']; observed_price_cents: number; map_price_cents: number }>(
      `insert into map_violations (tenant_id, listing_id, marketplace_id, variant_id, source, seller, observed_price_cents, map_price_cents, evidence)
       select $1, u.l, u.mp, u.v, u.src, u.s, u.p, u.m, u.e
         from unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::int[], $8::int[], $9::jsonb[]) as u(l, mp, v, src, s, p, m, e)
       returning id, listing_id, seller, source, observed_price_cents, map_price_cents`,
      [
        tenantId, fresh.map((s) => s.listing_id), fresh.map((s) => s.marketplace_id), fresh.map((s) => s.variant_id), fresh.map((s) => s.source),
        fresh.map((s) => s.seller), fresh.map((s) => s.price_cents), fresh.map((s) => s.map_cents), fresh.map((s) => JSON.stringify(s.evidence)),
      ],
    );
    opened = ins.rows.map((r) => ({ ...r, sku: skuOf.get(r.listing_id) ?? '' }));
  }
  if (gone.length) await tx.query(`update map_violations set state = 'resolved', resolved_at = now() where id = any($1::uuid[])`, [gone.map((g) => g.id)]);
  await tx.query(
    // only the listings whose count moved are written (a listing row is wide and well indexed)
    `update listings l set open_violations = c.n
       from (select x.id, (select count(*)::int from map_violations m where m.listing_id = x.id and m.state <> 'resolved') as n
               from listings x where x.tenant_id = $1 and x.id = any($2::uuid[])) c
      where l.id = c.id and l.open_violations is distinct from c.n`,
    [tenantId, listingIds],
  );
  const resolved = gone.map((g) => ({ id: g.id, listing_id: g.listing_id, sku: skuOf.get(g.listing_id) ?? '', seller: g.seller, source: g.source }));
  return { opened, resolved };
}
