/**
 * Feature flags per tenant — docs/product/data.md (defaults) and docs/api-conventions.md. Stored values are merged over
 * contract DEFAULT_FLAGS; only the names the contract knows are read or written.
 * Every query names its tenant even though row-level security would also scope it (docs/api-conventions.md).
 */
import type { Tx } from '../../db';
import { BETA_FLAG, DEFAULT_FLAGS, type FlagName } from '../../../contract/constants';
import type { FlagDetail } from '../../../contract/flags';
import { HttpError } from '../errors';

export type Flags = Record<FlagName, boolean>;

export interface FlagRow { name: FlagName; enabled: boolean; updated_at: string; updated_by: string | null }

const FLAG_NAMES = Object.keys(DEFAULT_FLAGS) as FlagName[];

export function isFlagName(name: string): name is FlagName {
  return (FLAG_NAMES as string[]).includes(name);
}

export async function readFlags(tx: Tx, tenantId: string): Promise<Flags> {
  const { rows } = await tx.query<{ name: string; enabled: boolean }>(
    'select name, enabled from feature_flags where tenant_id = $1 and name = any($2::text[])',
    [tenantId, FLAG_NAMES],
  );
  const flags: Flags = { ...DEFAULT_FLAGS };
  for (const r of rows) if (isFlagName(r.name)) flags[r.name] = r.enabled;
  return flags;
}

/** The flag's effective value, locking its row (if stored) until the transaction ends. */
export async function currentFlag(tx: Tx, tenantId: string, name: FlagName): Promise<boolean> {
  const { rows } = await tx.query<{ enabled: boolean }>(
    'select enabled from feature_flags where tenant_id = $1 and name = $2 for update',
    [tenantId, name],
  );
  return rows[0]?.enabled ?? DEFAULT_FLAGS[name];
}

type StoredFlag = { name: FlagName; enabled: boolean; updated_at: string | Date; updated_by: string | null };
const flagRow = (r: StoredFlag): FlagRow => ({ ...r, updated_at: new Date(r.updated_at).toISOString() });

/**
 * Stores the flag's value when it differs from the stored one; null when it was already so. The
 * write is conditional: a concurrent request that stored the same value first (a flag never stored
 * has no row to lock) leaves this one nothing to change (docs/reliability.md "Concurrent duplicates").
 */
export async function writeFlag(tx: Tx, tenantId: string, name: FlagName, enabled: boolean, userId: string): Promise<FlagRow | null> {
  const { rows } = await tx.query<StoredFlag>(
    `insert into feature_flags (tenant_id, name, enabled, updated_by) values ($1, $2, $3, $4)
     on conflict (tenant_id, name) do update set enabled = excluded.enabled, updated_at = now(), updated_by = excluded.updated_by
       where feature_flags.enabled is distinct from excluded.enabled
     returning name, enabled, updated_at, updated_by`,
    [tenantId, name, enabled, userId],
  );
  return rows[0] ? flagRow(rows[0]) : null;
}

/** The flag as stored, or its default when never stored. */
export async function flagRowOf(tx: Tx, tenantId: string, name: FlagName): Promise<FlagRow> {
  const { rows } = await tx.query<StoredFlag>('select name, enabled, updated_at, updated_by from feature_flags where tenant_id = $1 and name = $2', [tenantId, name]);
  return rows[0] ? flagRow(rows[0]) : { name, enabled: DEFAULT_FLAGS[name], updated_at: new Date(0).toISOString(), updated_by: null };
}

/**
 * Every flag the contract knows, for /flags (docs/settings.md "Feature flags"): its default, the
 * tenant's stored value and who stored it when (the member's email).
 */
export async function flagDetails(tx: Tx, tenantId: string): Promise<FlagDetail[]> {
  const { rows } = await tx.query<{ name: string; enabled: boolean; updated_at: string | Date; email: string | null }>(
    `select f.name, f.enabled, f.updated_at, p.email from feature_flags f
       left join profiles p on p.tenant_id = f.tenant_id and p.id::text = f.updated_by::text
      where f.tenant_id = $1 and f.name = any($2::text[])`,
    [tenantId, FLAG_NAMES],
  );
  const byName = new Map(rows.map((r) => [r.name, r]));
  return FLAG_NAMES.map((name) => {
    const r = byName.get(name);
    return {
      name, default: DEFAULT_FLAGS[name], enabled: r ? r.enabled : DEFAULT_FLAGS[name], stored: r ? r.enabled : null,
      updated_at: r ? new Date(r.updated_at).toISOString() : null, updated_by: r?.email ?? null,
    };
  });
}

/** Why `what` is refused while `name` is off, and how to turn it on. */
export function flagOffMessage(name: FlagName, what: string): string {
  if (name === BETA_FLAG) return `${what} is a beta feature, and beta features are turned off for this store (feature flag ${name}). An administrator can turn them on at /flags.`;
  return `${what} is turned off for this store (feature flag ${name}). An administrator can turn it on under Feature Flags.`;
}

/** Refuses a command whose feature the tenant's flag turns off (docs/settings.md "Feature flags"): 409 `feature_disabled` in words. */
export async function requireFlag(tx: Tx, tenantId: string, name: FlagName, what: string): Promise<void> {
  const flags = await readFlags(tx, tenantId);
  if (!flags[name]) throw new HttpError(409, 'feature_disabled', flagOffMessage(name, what));
}
