/** Supplier shapes as the API answers them (server/api/suppliers, docs/commerce.md). Rates are fractions 0..1. */
export interface Supplier {
  id: string;
  name: string;
  tier: 1 | 2 | 3;
  contact_name: string | null;
  email: string | null;
  phone: string | null;
  country: string | null;
  lead_time_days: number;
  on_time_rate: number;
  defect_rate: number;
  cancellation_rate: number;
  score: number | null;
  scored_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface PerformanceMonth {
  /** YYYY-MM-01 */
  month: string;
  orders: number;
  on_time_rate: number;
  defect_rate: number;
  cancellation_rate: number;
  lead_time_days: number;
}

export interface Performance {
  supplier: Pick<Supplier, 'id' | 'name' | 'tier' | 'score'>;
  months: number;
  series: PerformanceMonth[];
}

export interface ScoreResult {
  id: string;
  name: string;
  score: number | null;
  tier: number;
  previous_score: number | null;
  previous_tier: number;
  changed: boolean;
}

export interface ScoreAllAnswer { as_of: string; scored: number; changed: number; suppliers: ScoreResult[] }

export const TIERS = [1, 2, 3] as const;

/** The list's filters: URL parameters = API query names (spec §2.1 `/suppliers?tier`). */
export const SUPPLIER_FILTERS = ['search', 'tier', 'country'] as const;
