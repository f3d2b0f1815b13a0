/**
 * Pricing rules (docs/repricing.md "Rules"): rows ↔ wire, the engine's view of a rule, and which
 * rule governs a listing — the most specific scope that covers it (listings > product set >
 * marketplace > tenant default; between equals, the most recently changed).
 */
import type { Tx } from '../../db';
import type { PricingRule, RuleCreate, RuleScope } from '../../../contract/pricing';
import type { EngineRule } from '../../domain/repricing';

export interface RuleRow extends Omit<PricingRule, 'listings_count' | 'scope'> { scope: RuleScope }

export const RULE_COLUMNS = `id, name, enabled, mode, scope_type, scope, strategy, step_unit, step_value, min_margin_bp, shipping_cents, ceiling_cents,
  no_competition, below_floor, own_buy_box, raise_step_cents, max_change_bp, min_interval_seconds, filters, created_at, updated_at`;

const iso = (v: unknown) => new Date(v as string).toISOString();
const numOrNull = (v: unknown) => (v == null ? null : Number(v));

export function mapRule(r: Record<string, unknown>): RuleRow {
  return {
    id: String(r.id),
    name: String(r.name),
    enabled: Boolean(r.enabled),
    mode: r.mode as RuleRow['mode'],
    scope: { type: r.scope_type, ...(r.scope as object) } as RuleScope,
    strategy: r.strategy as RuleRow['strategy'],
    step_unit: r.step_unit as RuleRow['step_unit'],
    step_value: Number(r.step_value),
    min_margin_bp: Number(r.min_margin_bp),
    shipping_cents: Number(r.shipping_cents),
    ceiling_cents: numOrNull(r.ceiling_cents),
    no_competition: r.no_competition as RuleRow['no_competition'],
    below_floor: r.below_floor as RuleRow['below_floor'],
    own_buy_box: r.own_buy_box as RuleRow['own_buy_box'],
    raise_step_cents: Number(r.raise_step_cents),
    max_change_bp: numOrNull(r.max_change_bp),
    min_interval_seconds: numOrNull(r.min_interval_seconds),
    filters: { fulfilment: [], min_rating: null, exclude_own: true, ...(r.filters as object) },
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

/** The scope column pair of a rule: its type, and the rest as JSON. */
export function scopeColumns(scope: RuleScope): [string, string] {
  const { type, ...rest } = scope;
  return [type, JSON.stringify(rest)];
}

export function ruleValues(r: RuleCreate): unknown[] {
  const [type, scope] = scopeColumns(r.scope);
  return [r.name, r.enabled, r.mode, type, scope, r.strategy, r.step_unit, r.step_value, r.min_margin_bp, r.shipping_cents, r.ceiling_cents,
    r.no_competition, r.below_floor, r.own_buy_box, r.raise_step_cents, r.max_change_bp, r.min_interval_seconds, JSON.stringify(r.filters)];
}
export const RULE_INSERT_COLUMNS = `name, enabled, mode, scope_type, scope, strategy, step_unit, step_value, min_margin_bp, shipping_cents, ceiling_cents,
  no_competition, below_floor, own_buy_box, raise_step_cents, max_change_bp, min_interval_seconds, filters`;

export async function loadRules(tx: Tx, tenantId: string, enabledOnly = true): Promise<RuleRow[]> {
  const { rows } = await tx.query(`select ${RULE_COLUMNS} from pricing_rules where tenant_id = $1 ${enabledOnly ? 'and enabled' : ''}`, [tenantId]);
  return rows.map(mapRule);
}

export function engineRule(r: Pick<RuleRow, Exclude<keyof RuleRow, 'id' | 'name' | 'created_at' | 'updated_at' | 'scope' | 'enabled' | 'mode'>>): EngineRule {
  return {
    strategy: r.strategy,
    step_unit: r.step_unit,
    step_value: r.step_value,
    min_margin_bp: r.min_margin_bp,
    ceiling_cents: r.ceiling_cents,
    no_competition: r.no_competition,
    below_floor: r.below_floor,
    own_buy_box: r.own_buy_box,
    raise_step_cents: r.raise_step_cents,
    max_change_bp: r.max_change_bp,
    min_interval_seconds: r.min_interval_seconds,
    filters: { fulfilment: r.filters.fulfilment, min_rating: r.filters.min_rating, exclude_own: r.filters.exclude_own },
  };
}

/** What a rule's scope needs to know about a listing. */
export interface ScopedListing { id: string; marketplace_id: string; sku: string; tags: string | null; supplier_id: string | null }

const SPECIFICITY: Record<RuleScope['type'], number> = { tenant: 1, marketplace: 2, products: 3, listings: 4 };

function tagsOf(tags: string | null): string[] {
  return (tags ?? '').split(',').map((t) => t.trim().toLowerCase()).filter(Boolean);
}

export function covers(scope: RuleScope, l: ScopedListing): boolean {
  switch (scope.type) {
    case 'tenant':
      return true;
    case 'marketplace':
      return scope.marketplace_id === l.marketplace_id;
    case 'listings':
      return scope.listing_ids.includes(l.id);
    case 'products':
      return (
        (scope.tag === undefined || tagsOf(l.tags).includes(scope.tag.trim().toLowerCase())) &&
        (scope.supplier_id === undefined || scope.supplier_id === l.supplier_id) &&
        (scope.skus === undefined || scope.skus.includes(l.sku))
      );
  }
}

/** Rules by specificity (most specific first; newest first between equals), for `ruleFor`. */
export function rankRules<R extends Pick<RuleRow, 'scope' | 'updated_at'>>(rules: readonly R[]): R[] {
  return [...rules].sort((a, b) => SPECIFICITY[b.scope.type] - SPECIFICITY[a.scope.type] || (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : 0));
}

/** The rule that governs a listing: the first covering one of `ranked`. */
export function ruleFor<R extends Pick<RuleRow, 'scope'>>(ranked: readonly R[], l: ScopedListing): R | null {
  for (const r of ranked) if (covers(r.scope, l)) return r;
  return null;
}
