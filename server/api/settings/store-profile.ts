/**
 * The store profile (docs/settings.md "Store profile"): name, currency, time zone and the address
 * labels print (a return label ships to it; an outbound label names the store above the supplier's
 * warehouse). A tenant that never saved one reads the defaults: its tenant name, USD, UTC, no address.
 */
import type { Tx } from '../../db';
import type { ShipTo } from '../../../contract/addresses';
import type { StoreProfile } from '../../../contract/settings';

interface Row { name: string; currency: string; timezone: string; address: ShipTo | null; updated_at: string | Date | null; updated_by: string | null }

const answer = (r: Row): StoreProfile => ({
  name: r.name, currency: r.currency, timezone: r.timezone, address: r.address ?? null,
  updated_at: r.updated_at ? new Date(r.updated_at).toISOString() : null, updated_by: r.updated_by,
});

/** The profile as stored, or the defaults; `lock` holds the stored row until the transaction ends. */
export async function readStoreProfile(tx: Tx, tenantId: string, lock = false): Promise<StoreProfile> {
  const { rows } = await tx.query<Row>(
    `select name, currency, timezone, address, updated_at, updated_by from store_profiles where tenant_id = $1${lock ? ' for update' : ''}`,
    [tenantId],
  );
  if (rows[0]) return answer(rows[0]);
  const t = await tx.query<{ name: string }>('select name from tenants where id = $1', [tenantId]);
  return { name: t.rows[0]?.name ?? 'My store', currency: 'USD', timezone: 'UTC', address: null, updated_at: null, updated_by: null };
}

export type ProfileValues = Pick<StoreProfile, 'name' | 'currency' | 'timezone' | 'address'>;

/** The fields whose value differs (addresses compared field by field, in one canonical order). */
export function changedFields(before: ProfileValues, after: ProfileValues): (keyof ProfileValues)[] {
  const canon = (a: ShipTo | null) => (a ? JSON.stringify(Object.entries(a).filter(([, v]) => v !== undefined).sort(([x], [y]) => x.localeCompare(y))) : null);
  const out: (keyof ProfileValues)[] = [];
  if (before.name !== after.name) out.push('name');
  if (before.currency !== after.currency) out.push('currency');
  if (before.timezone !== after.timezone) out.push('timezone');
  if (canon(before.address) !== canon(after.address)) out.push('address');
  return out;
}

/**
 * Writes the profile when it differs from the stored one; null when it was already so. Conditional
 * (`where … is distinct from`), so of two identical submits racing, the second changes nothing
 * (docs/reliability.md "Concurrent duplicates").
 */
export async function writeStoreProfile(tx: Tx, tenantId: string, v: ProfileValues, by: string): Promise<StoreProfile | null> {
  const { rows } = await tx.query<Row>(
    `insert into store_profiles as p (tenant_id, name, currency, timezone, address, updated_by) values ($1, $2, $3, $4, $5::jsonb, $6)
     on conflict (tenant_id) do update set name = excluded.name, currency = excluded.currency, timezone = excluded.timezone,
       address = excluded.address, updated_at = now(), updated_by = excluded.updated_by
       where (p.name, p.currency, p.timezone, p.address) is distinct from (excluded.name, excluded.currency, excluded.timezone, excluded.address)
     returning name, currency, timezone, address, updated_at, updated_by`,
    [tenantId, v.name, v.currency, v.timezone, v.address ? JSON.stringify(v.address) : null, by],
  );
  return rows[0] ? answer(rows[0]) : null;
}
