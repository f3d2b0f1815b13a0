/** Seed on first start (idempotent): the foundation accounts, then each domain's demo data. */
import type { Db } from '../db';
import { ACCOUNTS, DEMO_TENANT, NORTHWIND_TENANT } from './accounts';
import { seedFoundation } from './foundation';
import { seedCommerce } from './commerce';
import { seedMarketplaces } from './marketplaces';
import { seedReturns } from './returns';
import { seedLedger } from './ledger';
import { seedAnalytics } from './analytics';

export type Seeder = (db: Db) => Promise<void>;

/** Domain seeders run in order after the foundation; each must be idempotent. */
export const domainSeeders: Seeder[] = [seedCommerce, seedMarketplaces, seedReturns, seedLedger, seedAnalytics];

/**
 * What each domain seeder leaves in a tenant: the condition it checks itself before it writes (it
 * writes nothing once its tenant has any). `$1` is the tenant. A seeder added above needs its line here.
 */
export const SEEDED_WHEN = new Map<Seeder, string>([
  [seedCommerce, 'exists (select 1 from products where tenant_id = $1)'],
  [seedMarketplaces, 'exists (select 1 from marketplace_accounts where tenant_id = $1)'],
  [seedReturns, 'exists (select 1 from returns where tenant_id = $1)'],
  // the opening entries of the seeded history: entries no event caused
  [seedLedger, 'exists (select 1 from ledger_entries where tenant_id = $1 and event_seq is null)'],
  // the analytics rollup of the seeded orders
  [seedAnalytics, 'exists (select 1 from analytics_daily where tenant_id = $1)'],
]);

/**
 * Whether every demo tenant has its accounts and each domain's data already, read in one statement
 * per tenant: a start on a seeded data dir then skips the seeders' transactions and upserts
 * (docs/performance.md "Start time"). Anything missing runs the whole seed, as before.
 */
export async function seeded(db: Db): Promise<boolean> {
  for (const tenant of [DEMO_TENANT, NORTHWIND_TENANT]) {
    const accounts = ACCOUNTS.filter((a) => a.tenantId === tenant.id).map((a) => a.id);
    const domains = domainSeeders.map((s) => SEEDED_WHEN.get(s) ?? 'false');
    const { rows } = await db.reader({ tenantId: tenant.id }).query<{ done: boolean }>(
      `select exists (select 1 from tenants where id = $1)
              and (select count(*) from profiles where id = any($2::uuid[])) = cardinality($2::uuid[])
              and (select count(*) from auth.users where id = any($2::uuid[])) = cardinality($2::uuid[])
              and ${domains.join(' and ')} as done`,
      [tenant.id, accounts],
    );
    if (rows[0]?.done !== true) return false;
  }
  return true;
}

export async function seed(db: Db): Promise<void> {
  if (await seeded(db)) return;
  await seedFoundation(db);
  for (const s of domainSeeders) await s(db);
}
