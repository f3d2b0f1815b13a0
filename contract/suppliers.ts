/**
 * Suppliers on the wire (docs/commerce.md "Data"). Rates are fractions 0..1 (numeric(5,4)),
 * lead times days (numeric(6,1)).
 */
import { z } from 'zod';
import { listQuery } from './api';
import { countryCode } from './countries';
import { cursor, int, optText, queryInt, reqText, text } from './fields';

export const SUPPLIER_SORTS = ['score', 'name', 'tier', 'created_at'] as const;
export const TIERS = [1, 2, 3] as const;

const tierValue = int(1, 3);
const country = text({ max: 100 }).pipe(countryCode);

export const supplierListQuery = listQuery.extend({
  sort: z.enum(SUPPLIER_SORTS).default('score'),
  cursor: cursor.optional(),
  tier: z
    .union([z.string().max(20), z.array(z.string().max(5)).max(3)])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => Number(s.trim())))
    .pipe(z.array(tierValue).min(1).max(3))
    .optional(),
  country: country.optional(),
});
export type SupplierListQuery = z.infer<typeof supplierListQuery>;

const rate = z.number().min(0).max(1);
const leadTime = z.number().min(0).max(365);

export const supplierCreate = z.object({
  name: reqText(200),
  tier: tierValue.default(3),
  contact_name: optText(200),
  email: text({ max: 254 }).pipe(z.email()).nullable().optional(),
  phone: optText(50),
  country: country.nullable().optional(),
  lead_time_days: leadTime.default(7),
  on_time_rate: rate.default(0),
  defect_rate: rate.default(0),
  cancellation_rate: rate.default(0),
});
export type SupplierCreate = z.infer<typeof supplierCreate>;

export const supplierUpdate = z.object({
  name: supplierCreate.shape.name.optional(),
  tier: tierValue.optional(),
  contact_name: supplierCreate.shape.contact_name,
  email: supplierCreate.shape.email,
  phone: supplierCreate.shape.phone,
  country: supplierCreate.shape.country,
  lead_time_days: leadTime.optional(),
  on_time_rate: rate.optional(),
  defect_rate: rate.optional(),
  cancellation_rate: rate.optional(),
});
export type SupplierUpdate = z.infer<typeof supplierUpdate>;

export const supplierParams = z.object({ id: z.uuid() });
export const performanceQuery = z.object({ months: queryInt(1, 36).default(12) });

// ---- answers -------------------------------------------------------------------------------

export const supplier = z.object({
  id: z.string(),
  name: z.string(),
  tier: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  contact_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  lead_time_days: z.number(),
  on_time_rate: z.number(),
  defect_rate: z.number(),
  cancellation_rate: z.number(),
  score: z.number().nullable(),
  scored_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Detail only: products with this main supplier (a delete leaves them without one). */
  products_count: z.number().optional(),
  /** Detail only: products that list this supplier among their suppliers (a delete removes those links). */
  linked_products_count: z.number().optional(),
  /** Detail only: months of performance in the scoring window. */
  history_months: z.number().optional(),
});
export type Supplier = z.infer<typeof supplier>;

export const performanceMonth = z.object({
  /** YYYY-MM-01 */
  month: z.string(),
  orders: z.number(),
  on_time_rate: z.number(),
  defect_rate: z.number(),
  cancellation_rate: z.number(),
  lead_time_days: z.number(),
});
export type PerformanceMonth = z.infer<typeof performanceMonth>;

export const performance = z.object({
  supplier: supplier.pick({ id: true, name: true, tier: true, score: true }),
  months: z.number(),
  series: z.array(performanceMonth),
});
export type Performance = z.infer<typeof performance>;

export const scoreResult = z.object({
  id: z.string(),
  name: z.string(),
  score: z.number().nullable(),
  tier: z.number(),
  previous_score: z.number().nullable(),
  previous_tier: z.number(),
  changed: z.boolean(),
});
export type ScoreResult = z.infer<typeof scoreResult>;

/** A supplier the run could not score, and why. */
export const skippedSupplier = z.object({ id: z.string(), name: z.string(), reason: z.literal('no_history'), message: z.string() });
export type SkippedSupplier = z.infer<typeof skippedSupplier>;

export const scoreAllAnswer = z.object({
  as_of: z.string(),
  scored: z.number(),
  changed: z.number(),
  suppliers: z.array(scoreResult),
  skipped: z.array(skippedSupplier).optional(),
});
export type ScoreAllAnswer = z.infer<typeof scoreAllAnswer>;

// live rows and permissions: plain data in their own module (the page registry loads it without zod)
export { suppliersLive, suppliersPermissions } from './modules/suppliers';
