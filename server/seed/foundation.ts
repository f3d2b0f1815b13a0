/** Seeds tenants, auth users and profiles — idempotent (docs/product/architecture.md), through RLS like any write. */
import type { Db } from '../db';
import { ACCOUNTS, DEMO_TENANT, NORTHWIND_TENANT } from './accounts';

export async function seedFoundation(db: Db): Promise<void> {
  for (const t of [DEMO_TENANT, NORTHWIND_TENANT]) {
    await db.transaction(async (tx) => {
      await tx.query('insert into tenants (id, name) values ($1, $2) on conflict (id) do nothing', [t.id, t.name]);
      for (const a of ACCOUNTS.filter((x) => x.tenantId === t.id)) {
        await tx.query(
          `insert into auth.users (id, email, email_confirmed_at, user_metadata)
           values ($1, $2, now(), $3) on conflict (id) do nothing`,
          [a.id, a.email, JSON.stringify({ role: a.role, email_verified: true })],
        );
        await tx.query(
          'insert into profiles (id, tenant_id, role, email) values ($1, $2, $3, $4) on conflict (id) do nothing',
          [a.id, a.tenantId, a.role, a.email],
        );
      }
    }, { tenantId: t.id });
  }
}
