/** Marketplace account reads (docs/marketplaces.md "Accounts"): credentials are never selected. */
import type { Tx } from '../../db';
import { fetchPage, type Page, type SortSpec, pageWindow } from '../list-kit/paging';
import { type MarketplaceAccount, type MarketplaceKind, type MarketplaceListQuery } from '../../../contract/marketplaces';
import { effectiveSchedule, type FeeOverride } from '../../../contract/fee-overrides';

// `fee_override`: the tenant's override of the account's marketplace in force now (docs/settings.md
// "Fee overrides"; null rate: back to the standard schedule), so `fee_schedule` is the one a sale pays today
export const ACCOUNT_COLUMNS = `m.id, m.kind, m.name, m.mode, m.status, m.last_sync_at, m.error_message, (m.credentials_enc is not null) as has_credentials,
  m.sandbox_order_rate, m.sandbox_tick, m.created_at, m.updated_at,
  (select json_build_object('rate_bp', f.rate_bp, 'fixed_cents', f.fixed_cents) from marketplace_fee_overrides f
    where f.tenant_id = m.tenant_id and f.marketplace = m.kind and f.effective_from <= now() order by f.effective_from desc, f.id desc limit 1) as fee_override,
  (select count(*)::int from listings l where l.marketplace_id = m.id) as listings_count,
  (select count(*)::int from listings l where l.marketplace_id = m.id and l.status = 'active') as active_listings_count`;

const SORTS: Record<MarketplaceListQuery['sort'], SortSpec> = {
  name: { columns: ['m.name', 'm.id'], types: ['text', 'uuid'] },
  kind: { columns: ['m.kind', 'm.id'], types: ['text', 'uuid'] },
  status: { columns: ['m.status', 'm.id'], types: ['text', 'uuid'] },
  created_at: { columns: ['m.created_at', 'm.id'], types: ['timestamptz', 'uuid'] },
};

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

/** The override column as stored (json text on some drivers); null for none or back to standard. */
function overrideOf(v: unknown): FeeOverride | null {
  const o = (typeof v === 'string' ? JSON.parse(v) : v) as { rate_bp: number | null; fixed_cents: number | null } | null | undefined;
  return o && o.rate_bp !== null && o.fixed_cents !== null ? { rate_bp: Number(o.rate_bp), fixed_cents: Number(o.fixed_cents) } : null;
}

export function mapAccount(r: Record<string, unknown>): MarketplaceAccount {
  const kind = r.kind as MarketplaceKind;
  return {
    id: String(r.id),
    kind,
    name: String(r.name),
    mode: r.mode as MarketplaceAccount['mode'],
    status: r.status as MarketplaceAccount['status'],
    last_sync_at: iso(r.last_sync_at),
    error_message: (r.error_message as string | null) ?? null,
    has_credentials: Boolean(r.has_credentials),
    sandbox_order_rate: Number(r.sandbox_order_rate),
    sandbox_tick: Number(r.sandbox_tick),
    fee_schedule: { ...effectiveSchedule(kind, overrideOf(r.fee_override)) },
    listings_count: Number(r.listings_count ?? 0),
    active_listings_count: Number(r.active_listings_count ?? 0),
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
  };
}

export function listAccounts(tx: Tx, tenantId: string, q: MarketplaceListQuery): Promise<Page<Record<string, unknown>>> {
  const where = ['m.tenant_id = $1'];
  const params: unknown[] = [tenantId];
  if (q.kind) {
    params.push(q.kind);
    where.push(`m.kind = $${params.length}`);
  }
  if (q.status) {
    params.push(q.status);
    where.push(`m.status = $${params.length}`);
  }
  if (q.search) {
    params.push(`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`m.name ilike $${params.length}`);
  }
  return fetchPage(tx, {
    from: 'marketplace_accounts m',
    select: ACCOUNT_COLUMNS,
    where,
    params,
    ...pageWindow(q, SORTS),
    customPlan: Boolean(q.search),
  });
}

export async function getAccount(tx: Tx, tenantId: string, id: string): Promise<MarketplaceAccount | null> {
  const { rows } = await tx.query(`select ${ACCOUNT_COLUMNS} from marketplace_accounts m where m.tenant_id = $1 and m.id = $2`, [tenantId, id]);
  return rows[0] ? mapAccount(rows[0]) : null;
}
