/**
 * The rule editor's form values and the wire rule (contract/pricing.ts): the form shows dollars and
 * percentages, the wire carries integer cents and basis points (docs/repricing.md "Rounding"). Each
 * conversion rounds once, to an integer, so no float reaches a price.
 */
import { REPRICING_DEFAULT_FIELDS, RULE_DEFAULTS, type RepricingDefaultsValues, type RuleCreate, type RuleScope } from '../../contract/pricing';
import { toCents } from '../listings/cents';

export interface RuleFormValues {
  name: string;
  enabled: boolean;
  mode: RuleCreate['mode'];
  scope_type: RuleScope['type'];
  marketplace_id?: string;
  tag?: string;
  supplier_id?: string;
  skus?: string[];
  listing_ids?: string[];
  strategy: RuleCreate['strategy'];
  step_unit: RuleCreate['step_unit'];
  /** Dollars when the unit is cents, % when it is basis points. */
  step: number;
  min_margin_pct: number;
  shipping: number;
  ceiling?: number | null;
  no_competition: RuleCreate['no_competition'];
  below_floor: RuleCreate['below_floor'];
  own_buy_box: RuleCreate['own_buy_box'];
  raise_step: number;
  max_change_pct?: number | null;
  min_interval_minutes?: number | null;
  fulfilment: ('marketplace' | 'merchant')[];
  min_rating?: number | null;
  exclude_own: boolean;
}

/** 12.5 (%) → 1250 bp. */
export const toBp = (pct: number): number => Math.round(pct * 100);
const fromBp = (bp: number): number => bp / 100;
const fromCents = (c: number): number => c / 100;
const given = <T,>(v: T | null | undefined): v is T => v !== null && v !== undefined && (typeof v !== 'string' || v !== '');

function scopeOf(v: Partial<RuleFormValues>): RuleScope {
  switch (v.scope_type) {
    case 'marketplace':
      return { type: 'marketplace', marketplace_id: v.marketplace_id ?? '' };
    case 'products': {
      const s: RuleScope = { type: 'products' };
      if (given(v.tag)) s.tag = v.tag.trim();
      if (given(v.supplier_id)) s.supplier_id = v.supplier_id;
      if (v.skus?.length) s.skus = v.skus;
      return s;
    }
    case 'listings':
      return { type: 'listings', listing_ids: v.listing_ids ?? [] };
    default:
      return { type: 'tenant' };
  }
}

/** The form → the rule the API takes (POST/PUT /pricing/rules, and the preview). */
export function toRule(v: Partial<RuleFormValues>): RuleCreate {
  const unit = v.step_unit ?? RULE_DEFAULTS.step_unit;
  return {
    name: (v.name ?? '').trim(),
    enabled: v.enabled ?? RULE_DEFAULTS.enabled,
    mode: v.mode ?? RULE_DEFAULTS.mode,
    scope: scopeOf(v),
    strategy: v.strategy ?? RULE_DEFAULTS.strategy,
    step_unit: unit,
    step_value: given(v.step) ? (unit === 'cents' ? toCents(v.step) : toBp(v.step)) : 0,
    min_margin_bp: given(v.min_margin_pct) ? toBp(v.min_margin_pct) : RULE_DEFAULTS.min_margin_bp,
    shipping_cents: given(v.shipping) ? toCents(v.shipping) : 0,
    ceiling_cents: given(v.ceiling) ? toCents(v.ceiling) : null,
    no_competition: v.no_competition ?? RULE_DEFAULTS.no_competition,
    below_floor: v.below_floor ?? RULE_DEFAULTS.below_floor,
    own_buy_box: v.own_buy_box ?? RULE_DEFAULTS.own_buy_box,
    raise_step_cents: given(v.raise_step) ? toCents(v.raise_step) : 0,
    max_change_bp: given(v.max_change_pct) ? toBp(v.max_change_pct) : null,
    min_interval_seconds: given(v.min_interval_minutes) ? Math.round(v.min_interval_minutes * 60) : null,
    filters: { fulfilment: v.fulfilment ?? [], min_rating: given(v.min_rating) ? v.min_rating : null, exclude_own: v.exclude_own ?? true },
  };
}

/** A new rule as the tenant's repricing defaults start it (docs/settings.md "Repricing defaults"). */
export function newRule(d: RepricingDefaultsValues): RuleCreate {
  return {
    name: '', enabled: RULE_DEFAULTS.enabled, scope: { type: 'tenant' }, shipping_cents: RULE_DEFAULTS.shipping_cents, ceiling_cents: RULE_DEFAULTS.ceiling_cents,
    ...defaultsOf(d),
  };
}

/** The repricing defaults' own fields of a rule (or of the form's rule). */
export function defaultsOf(r: RepricingDefaultsValues): RepricingDefaultsValues {
  const out = Object.fromEntries(REPRICING_DEFAULT_FIELDS.map((f) => [f, r[f]])) as RepricingDefaultsValues;
  return { ...out, filters: { fulfilment: [...r.filters.fulfilment], min_rating: r.filters.min_rating, exclude_own: r.filters.exclude_own } };
}

/**
 * Wire field → form field, for the server's field errors (the rule editor's and the repricing
 * defaults' section: both forms name their fields alike).
 */
export const FORM_FIELD_OF: Record<string, keyof RuleFormValues> = {
  name: 'name',
  mode: 'mode',
  strategy: 'strategy',
  step_unit: 'step_unit',
  no_competition: 'no_competition',
  below_floor: 'below_floor',
  own_buy_box: 'own_buy_box',
  min_margin_bp: 'min_margin_pct',
  shipping_cents: 'shipping',
  ceiling_cents: 'ceiling',
  step_value: 'step',
  raise_step_cents: 'raise_step',
  max_change_bp: 'max_change_pct',
  min_interval_seconds: 'min_interval_minutes',
  'scope.marketplace_id': 'marketplace_id',
  'scope.tag': 'tag',
  'scope.listing_ids': 'listing_ids',
  'scope.skus': 'skus',
  'filters.fulfilment': 'fulfilment',
  'filters.min_rating': 'min_rating',
  'filters.exclude_own': 'exclude_own',
};

/** A saved rule (or a new rule: the tenant's defaults, else the constant ones) → the form. */
export function toForm(r?: RuleCreate): RuleFormValues {
  const d = r ?? newRule({ ...RULE_DEFAULTS, filters: { ...RULE_DEFAULTS.filters, fulfilment: [] } });
  const scope = d.scope as RuleScope;
  return {
    name: d.name,
    enabled: d.enabled,
    mode: d.mode,
    scope_type: scope.type,
    marketplace_id: scope.type === 'marketplace' ? scope.marketplace_id : undefined,
    tag: scope.type === 'products' ? scope.tag : undefined,
    supplier_id: scope.type === 'products' ? scope.supplier_id : undefined,
    skus: scope.type === 'products' ? scope.skus : undefined,
    listing_ids: scope.type === 'listings' ? scope.listing_ids : undefined,
    strategy: d.strategy,
    step_unit: d.step_unit,
    step: d.step_unit === 'cents' ? fromCents(d.step_value) : fromBp(d.step_value),
    min_margin_pct: fromBp(d.min_margin_bp),
    shipping: fromCents(d.shipping_cents),
    ceiling: d.ceiling_cents === null ? null : fromCents(d.ceiling_cents),
    no_competition: d.no_competition,
    below_floor: d.below_floor,
    own_buy_box: d.own_buy_box,
    raise_step: fromCents(d.raise_step_cents),
    max_change_pct: d.max_change_bp === null ? null : fromBp(d.max_change_bp),
    min_interval_minutes: d.min_interval_seconds === null ? null : Math.round(d.min_interval_seconds / 60),
    fulfilment: [...d.filters.fulfilment],
    min_rating: d.filters.min_rating,
    exclude_own: d.filters.exclude_own,
  };
}

export const STRATEGY_LABEL: Record<RuleCreate['strategy'], string> = {
  beat_lowest: 'Beat the lowest competitor',
  match_lowest: 'Match the lowest competitor',
  buy_box: 'Target the buy box',
  stay_above: 'Stay above the lowest competitor',
  hold: 'Hold the price',
};

/** "Marketplace", "Tag summer", "3 listings"… — the rule's scope in a table cell. */
export function scopeText(s: RuleScope, marketplaceName: (id: string) => string): string {
  switch (s.type) {
    case 'tenant':
      return 'All listings (default)';
    case 'marketplace':
      return `Marketplace ${marketplaceName(s.marketplace_id)}`;
    case 'products': {
      const parts = [s.tag && `tag “${s.tag}”`, s.supplier_id && 'a supplier', s.skus && `${s.skus.length} SKU${s.skus.length === 1 ? '' : 's'}`].filter(Boolean);
      return `Products with ${parts.join(' and ')}`;
    }
    case 'listings':
      return `${s.listing_ids.length} listing${s.listing_ids.length === 1 ? '' : 's'}`;
  }
}
