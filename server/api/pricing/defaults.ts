/**
 * The tenant's repricing defaults (docs/settings.md "Repricing defaults"): what a new pricing rule
 * starts from, in the rule form and on the server (`POST /pricing/rules` fills the fields a client
 * left out from them). A tenant that never saved them reads `REPRICING_DEFAULTS` (today's
 * `RULE_DEFAULTS`). Stored as one jsonb value, read over the defaults, so a field added to the
 * contract later reads its default until the store saves it.
 */
import type { Tx } from '../../db';
import {
  REPRICING_DEFAULTS,
  REPRICING_DEFAULT_FIELDS,
  repricingDefaultsBody,
  type RepricingDefaultField,
  type RepricingDefaults,
  type RepricingDefaultsValues,
} from '../../../contract/pricing';

interface Row { defaults: Partial<RepricingDefaultsValues> | string; updated_at: string | Date; updated_by: string | null }

function valuesOf(stored: Row['defaults']): RepricingDefaultsValues {
  const raw = typeof stored === 'string' ? (JSON.parse(stored) as Partial<RepricingDefaultsValues>) : stored;
  const merged = { ...REPRICING_DEFAULTS, ...raw, filters: { ...REPRICING_DEFAULTS.filters, ...(raw.filters ?? {}) } };
  // a stored value the contract no longer accepts reads as the default
  const ok = repricingDefaultsBody.safeParse(merged);
  return ok.success ? ok.data : REPRICING_DEFAULTS;
}

const answer = (r: Row): RepricingDefaults => ({ ...valuesOf(r.defaults), updated_at: new Date(r.updated_at).toISOString(), updated_by: r.updated_by });

/** The defaults as stored, or `REPRICING_DEFAULTS`; `lock` holds the stored row until the transaction ends. */
export async function readRepricingDefaults(tx: Tx, tenantId: string, lock = false): Promise<RepricingDefaults> {
  const { rows } = await tx.query<Row>(`select defaults, updated_at, updated_by from repricing_defaults where tenant_id = $1${lock ? ' for update' : ''}`, [tenantId]);
  return rows[0] ? answer(rows[0]) : { ...REPRICING_DEFAULTS, updated_at: null, updated_by: null };
}

/** The values alone (what a new rule takes). */
export function defaultValues(d: RepricingDefaults): RepricingDefaultsValues {
  return Object.fromEntries(REPRICING_DEFAULT_FIELDS.map((f) => [f, d[f]])) as RepricingDefaultsValues;
}

const canon = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))) : x));

/** The fields whose value differs (the filters compared as one value, the competitor types as a set). */
export function changedDefaults(before: RepricingDefaultsValues, after: RepricingDefaultsValues): RepricingDefaultField[] {
  const norm = (v: RepricingDefaultsValues) => ({ ...v, filters: { ...v.filters, fulfilment: [...v.filters.fulfilment].sort() } });
  const [b, a] = [norm(before), norm(after)];
  return REPRICING_DEFAULT_FIELDS.filter((f) => canon(b[f]) !== canon(a[f]));
}

/**
 * Writes the defaults when they differ from the stored ones; null when they were already so.
 * Conditional (`where … is distinct from`, jsonb compared as jsonb), so of two identical submits
 * racing, the second changes nothing (docs/reliability.md "Concurrent duplicates").
 */
export async function writeRepricingDefaults(tx: Tx, tenantId: string, v: RepricingDefaultsValues, by: string): Promise<RepricingDefaults | null> {
  const stored = { ...v, filters: { ...v.filters, fulfilment: [...new Set(v.filters.fulfilment)].sort() } };
  const { rows } = await tx.query<Row>(
    `insert into repricing_defaults as d (tenant_id, defaults, updated_by) values ($1, $2::jsonb, $3)
     on conflict (tenant_id) do update set defaults = excluded.defaults, updated_at = now(), updated_by = excluded.updated_by
       where d.defaults is distinct from excluded.defaults
     returning defaults, updated_at, updated_by`,
    [tenantId, JSON.stringify(stored), by],
  );
  return rows[0] ? answer(rows[0]) : null;
}
