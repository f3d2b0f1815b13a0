/** Seed on first start (idempotent): the foundation accounts, then each domain's demo data. */
import type { Db } from '../db';
import { seedFoundation } from './foundation';
import { seedCommerce } from './commerce';
import { seedMarketplaces } from './marketplaces';
import { seedReturns } from './returns';

export type Seeder = (db: Db) => Promise<void>;

/** Domain seeders run in order after the foundation; each must be idempotent. */
export const domainSeeders: Seeder[] = [seedCommerce, seedMarketplaces, seedReturns];

export async function seed(db: Db): Promise<void> {
  await seedFoundation(db);
  for (const s of domainSeeders) await s(db);
}
