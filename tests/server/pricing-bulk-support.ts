/**
 * Pending proposals at volume, built set-based (the bulk-approval suite and `npm run bench:pricing-bulk`):
 * sandbox accounts × the tenant's variants as active listings with three competitor offers each (one
 * filtered out by rating), a tenant-default `beat_lowest` rule in proposals mode, then one sweep
 * (server/api/pricing/sweep.ts) writes a pending proposal for every listing; the planner's
 * statistics are refreshed before and after, as a running store has them.
 */
import pg from 'pg';
import type { Db } from '../../server/db';
import { sweepTenant } from '../../server/api/pricing/sweep';
import { DEMO_TENANT } from './tokens';

export interface BuiltProposal { id: string; listing_id: string; old_price_cents: number; new_price_cents: number }

const ACCOUNT_PREFIX = 'Bulk approval ';

/**
 * The planner's statistics of a store that has been running with this data: every table analyzed, as
 * autovacuum has them on PostgreSQL (on PGlite the app role analyzes what it may maintain, which is
 * every table of the app; the server's upkeep pass alone skips a table whose counters it never saw
 * change, such as a seeded one after a restart).
 */
export async function refreshStatistics(db: Db, adminUrl?: string): Promise<void> {
  if (!adminUrl) {
    await db.query('analyze');
    return;
  }
  const owner = new pg.Client({ connectionString: adminUrl });
  await owner.connect();
  try {
    await owner.query('analyze');
  } finally {
    await owner.end();
  }
}

/** The pending proposals of the bulk accounts' listings, by proposal id. */
export async function pendingBulkProposals(db: Db, tenantId: string = DEMO_TENANT.id): Promise<BuiltProposal[]> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<BuiltProposal>(
      `select x.id, x.listing_id, x.old_price_cents, x.new_price_cents
         from price_proposals x join listings l on l.id = x.listing_id join marketplace_accounts m on m.id = l.marketplace_id
        where x.tenant_id = $1 and x.status = 'pending' and m.name like '${ACCOUNT_PREFIX}%' order by x.id`,
      [tenantId],
    );
    return rows.map((r) => ({ ...r, old_price_cents: Number(r.old_price_cents), new_price_cents: Number(r.new_price_cents) }));
  }, { tenantId });
}

/** `n` listings on new sandbox accounts, each with a pending proposal to beat Acme by a cent. */
export async function buildPendingProposals(db: Db, n: number, o: { tenantId?: string; adminUrl?: string } = {}): Promise<BuiltProposal[]> {
  const tenantId = o.tenantId ?? DEMO_TENANT.id;
  await db.transaction(async (tx) => {
    const variants = Number((await tx.query<{ n: string }>('select count(*) as n from product_variants where tenant_id = $1', [tenantId])).rows[0].n);
    await tx.query(
      `insert into marketplace_accounts (tenant_id, kind, name, mode, status, sandbox_order_rate)
       select $1, 'amazon', '${ACCOUNT_PREFIX}' || g, 'sandbox', 'connected', 0 from generate_series(1, $2) g`,
      [tenantId, Math.ceil(n / variants)],
    );
    // $300 with Acme $2 below holding the buy box: beating Acme by a cent stays above every variant's
    // floor (the demo catalogue's costs and MAPs are far lower)
    await tx.query(
      `insert into listings (tenant_id, marketplace_id, product_id, variant_id, sku, title, price_cents, status, sync_state, external_id, offers,
                             buy_box_owner, buy_box_price_cents, competitors_count, lowest_competitor_cents)
       select $1, m.id, v.product_id, v.id, v.sku, 'Bulk ' || v.sku, 30000, 'active', 'synced', 'BULK-' || m.id || '-' || v.id,
              jsonb_build_array(jsonb_build_object('seller', 'Acme', 'price_cents', 29800, 'shipping_cents', 0, 'rating', 95, 'is_buy_box', true),
                                jsonb_build_object('seller', 'Beta', 'price_cents', 29950, 'shipping_cents', 299, 'rating', 88, 'is_buy_box', false),
                                jsonb_build_object('seller', 'Cheapo', 'price_cents', 50, 'shipping_cents', 0, 'rating', 40, 'is_buy_box', false)),
              'Acme', 29800, 3, 50
         from (select id from marketplace_accounts where tenant_id = $1 and name like '${ACCOUNT_PREFIX}%') m
         cross join product_variants v
        where v.tenant_id = $1
        limit $2`,
      [tenantId, n],
    );
    await tx.query(
      `insert into pricing_rules (tenant_id, name, mode, scope_type, scope, strategy, step_unit, step_value, min_margin_bp, no_competition, below_floor, own_buy_box, raise_step_cents, filters)
       values ($1, 'Bulk approval default', 'proposals', 'tenant', '{}', 'beat_lowest', 'cents', 1, 1000, 'hold', 'floor', 'raise', 1, '{"min_rating":70}')`,
      [tenantId],
    );
  }, { tenantId });
  await refreshStatistics(db, o.adminUrl);
  await sweepTenant(db, tenantId);
  await refreshStatistics(db, o.adminUrl);
  return pendingBulkProposals(db, tenantId);
}

/**
 * Acme undercuts the first `count` active bulk listings (by id) by `cents` (the offers as a pull
 * would record them, no event), and a sweep proposes again: a new pending proposal for each of them.
 */
export async function proposeAgain(db: Db, count: number, cents: number, tenantId: string = DEMO_TENANT.id): Promise<BuiltProposal[]> {
  await db.transaction(
    (tx) =>
      tx.query(
        `update listings l set offers = jsonb_build_array(jsonb_build_object('seller', 'Acme', 'price_cents', l.price_cents - $2, 'shipping_cents', 0, 'rating', 95, 'is_buy_box', true),
                                                        jsonb_build_object('seller', 'Cheapo', 'price_cents', 100, 'shipping_cents', 0, 'rating', 40, 'is_buy_box', false)),
                buy_box_owner = 'Acme', buy_box_price_cents = l.price_cents - $2, competitors_count = 2, lowest_competitor_cents = 100
          where l.id in (select l2.id from listings l2 join marketplace_accounts m on m.id = l2.marketplace_id
                          where l2.tenant_id = $1 and l2.status = 'active' and m.name like '${ACCOUNT_PREFIX}%' order by l2.id limit $3)`,
        [tenantId, cents, count],
      ),
    { tenantId },
  );
  await sweepTenant(db, tenantId);
  return pendingBulkProposals(db, tenantId);
}

/** The sandbox accounts the bulk listings are on. */
export async function bulkAccounts(db: Db, tenantId: string = DEMO_TENANT.id): Promise<string[]> {
  return db.transaction(
    async (tx) => (await tx.query<{ id: string }>(`select id from marketplace_accounts where tenant_id = $1 and name like '${ACCOUNT_PREFIX}%' order by id`, [tenantId])).rows.map((r) => r.id),
    { tenantId },
  );
}
