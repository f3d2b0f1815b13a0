/** Supplier request shapes — issue 5 §1, spec §7.2 (POST/PUT /suppliers with a supplier body). */
import { z } from 'zod';
import { listQuery } from '../../../contract/api';

export const SUPPLIER_SORTS = ['score', 'name', 'tier', 'created_at'] as const;

export const supplierListQuery = listQuery.extend({
  sort: z.enum(SUPPLIER_SORTS).default('score'),
  tier: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => Number(s.trim())))
    .pipe(z.array(z.number().int().min(1).max(3)).min(1).max(3))
    .optional(),
  country: z.string().trim().length(2).transform((s) => s.toUpperCase()).optional(),
});
export type SupplierListQuery = z.infer<typeof supplierListQuery>;

const rate = z.number().min(0).max(1);
const optText = (max: number) => z.string().trim().max(max).nullable().optional();

export const supplierCreate = z.object({
  name: z.string().trim().min(1).max(200),
  tier: z.number().int().min(1).max(3).default(3),
  contact_name: optText(200),
  email: z.email().max(254).nullable().optional(),
  phone: optText(50),
  country: z.string().trim().length(2, 'ISO 3166 two-letter code').transform((s) => s.toUpperCase()).nullable().optional(),
  lead_time_days: z.number().min(0).max(365).default(7),
  on_time_rate: rate.default(0),
  defect_rate: rate.default(0),
  cancellation_rate: rate.default(0),
});
export type SupplierCreate = z.infer<typeof supplierCreate>;

export const supplierUpdate = z.object({
  name: supplierCreate.shape.name.optional(),
  tier: z.number().int().min(1).max(3).optional(),
  contact_name: supplierCreate.shape.contact_name,
  email: supplierCreate.shape.email,
  phone: supplierCreate.shape.phone,
  country: supplierCreate.shape.country,
  lead_time_days: z.number().min(0).max(365).optional(),
  on_time_rate: rate.optional(),
  defect_rate: rate.optional(),
  cancellation_rate: rate.optional(),
});
export type SupplierUpdate = z.infer<typeof supplierUpdate>;

export const supplierParams = z.object({ id: z.uuid() });
export const performanceQuery = z.object({ months: z.coerce.number().int().min(1).max(36).default(12) });
