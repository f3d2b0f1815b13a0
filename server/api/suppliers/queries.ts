/** Supplier reads — docs/commerce.md: filters tier, country, search; sorts score, name, tier. */
import type { Tx } from '../../db';
import { num, numOrNull } from '../../domain/numbers';
import { fetchPage, type Page, type SortSpec, pageWindow } from '../list-kit/paging';
import { HISTORY_MONTHS } from '../../domain/supplier-score';
import type { Supplier, SupplierListQuery } from '../../../contract/suppliers';
import { iso, isoOrNull } from '../wire';

export const SUPPLIER_COLUMNS = `s.id, s.name, s.tier, s.contact_name, s.email, s.phone, s.country, s.lead_time_days, s.on_time_rate,
  s.defect_rate, s.cancellation_rate, s.score, s.scored_at, s.created_at, s.updated_at`;

const SORTS: Record<SupplierListQuery['sort'], SortSpec> = {
  // unscored suppliers (null) sort below every score
  score: { columns: ['coalesce(s.score, -1)', 's.id'], types: ['numeric', 'uuid'] },
  name: { columns: ['s.name', 's.id'], types: ['text', 'uuid'] },
  tier: { columns: ['s.tier', 's.name', 's.id'], types: ['int2', 'text', 'uuid'] },
  created_at: { columns: ['s.created_at', 's.id'], types: ['timestamptz', 'uuid'] },
};

export type Row = Record<string, unknown>;

type Numeric = number | string;
/** A row of `SUPPLIER_COLUMNS` as the driver reads it (numeric columns are text on PGlite). */
export type SupplierDbRow = {
  id: string; name: string; tier: Numeric; contact_name: string | null; email: string | null; phone: string | null; country: string | null;
  lead_time_days: Numeric; on_time_rate: Numeric; defect_rate: Numeric; cancellation_rate: Numeric; score: Numeric | null;
  scored_at: Date | string | null; created_at: Date | string; updated_at: Date | string;
};

/** A supplier as the contract's `supplier` row spells it. */
export function mapSupplier(r: SupplierDbRow): Supplier {
  return {
    id: r.id,
    name: r.name,
    tier: num(r.tier) as Supplier['tier'],
    contact_name: r.contact_name,
    email: r.email,
    phone: r.phone,
    country: r.country,
    lead_time_days: num(r.lead_time_days),
    on_time_rate: num(r.on_time_rate),
    defect_rate: num(r.defect_rate),
    cancellation_rate: num(r.cancellation_rate),
    score: numOrNull(r.score),
    scored_at: isoOrNull(r.scored_at),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

export function supplierFilters(tenantId: string, q: SupplierListQuery) {
  const where = ['s.tenant_id = $1'];
  const params: unknown[] = [tenantId];
  if (q.tier) {
    params.push(q.tier);
    where.push(`s.tier = any($${params.length}::int[])`);
  }
  if (q.country) {
    params.push(q.country);
    where.push(`s.country = $${params.length}`);
  }
  if (q.search) {
    // a supplier list is short: a substring match over name, contact and email is cheap here
    params.push(`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const ph = `$${params.length}`;
    where.push(`(s.name ilike ${ph} or s.contact_name ilike ${ph} or s.email ilike ${ph})`);
  }
  return { where, params };
}

export function listSuppliers(tx: Tx, tenantId: string, q: SupplierListQuery & { cursor?: string }, noCount = false): Promise<Page<SupplierDbRow>> {
  const { where, params } = supplierFilters(tenantId, q);
  return fetchPage<SupplierDbRow>(tx, {
    from: 'suppliers s',
    select: SUPPLIER_COLUMNS,
    where,
    params,
    ...pageWindow(q, SORTS),
    noCount,
    customPlan: Boolean(q.search),
  });
}

/**
 * One supplier with what deleting it would touch: `products_count` products have it as main supplier
 * (they would have none), `linked_products_count` products list it among their sources (those links go);
 * `history_months` = months of performance in the scoring window (0: score-all cannot score it yet).
 */
export async function getSupplier(tx: Tx, tenantId: string, id: string): Promise<Supplier | null> {
  const { rows } = await tx.query<SupplierDbRow & { products_count: Numeric; linked_products_count: Numeric; history_months: Numeric }>(
    `select ${SUPPLIER_COLUMNS},
            (select count(*)::int from products p where p.tenant_id = s.tenant_id and p.supplier_id = s.id) as products_count,
            (select count(distinct ps.product_id)::int from product_suppliers ps where ps.tenant_id = s.tenant_id and ps.supplier_id = s.id)
              as linked_products_count,
            (select count(*)::int from supplier_performance sp
              where sp.tenant_id = s.tenant_id and sp.supplier_id = s.id
                and sp.month > (date_trunc('month', now() at time zone 'UTC')::date - make_interval(months => $3))
                and sp.month <= date_trunc('month', now() at time zone 'UTC')::date) as history_months
       from suppliers s where s.tenant_id = $1 and s.id = $2`,
    [tenantId, id, HISTORY_MONTHS],
  );
  const r = rows[0];
  return r
    ? {
        ...mapSupplier(r),
        products_count: num(r.products_count),
        linked_products_count: num(r.linked_products_count),
        history_months: num(r.history_months),
      }
    : null;
}
