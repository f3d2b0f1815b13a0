/** Product request shapes — issue 5 §1 (products with variants, MAP price, supplier links). */
import { z } from 'zod';
import { listQuery } from '../../../contract/api';

export const PRODUCT_STATUSES = ['active', 'draft', 'archived'] as const;
export const STOCK_LEVELS = ['in_stock', 'low_stock', 'out_of_stock'] as const;
/** "Low stock" is 1–10 units; in_stock means more than that (docs/commerce.md). */
export const LOW_STOCK_MAX = 10;
export const PRODUCT_SORTS = ['title', 'sku', 'price', 'stock', 'updated_at', 'created_at'] as const;

const money = z.number().min(0).max(1_000_000_000);
const optText = (max: number) => z.string().trim().max(max).nullable().optional();

export const productListQuery = listQuery.extend({
  sort: z.enum(PRODUCT_SORTS).default('created_at'),
  cursor: z.string().max(500).optional(),
  status: z.enum(PRODUCT_STATUSES).optional(),
  supplier_id: z.uuid().optional(),
  stock_level: z.enum(STOCK_LEVELS).optional(),
  price_min: z.coerce.number().min(0).optional(),
  price_max: z.coerce.number().min(0).optional(),
  sku: z.string().trim().min(1).max(100).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

export const variantInput = z
  .object({
    id: z.uuid().optional(),
    sku: z.string().trim().min(1).max(100),
    price: money,
    compare_at_price: money.nullable().optional(),
    cost: money.nullable().optional(),
    map_price: money.nullable().optional(),
    stock: z.number().int().min(0).max(10_000_000).default(0),
    weight: z.number().min(0).max(10_000_000).nullable().optional(),
    position: z.number().int().min(1).max(1000).optional(),
    option1_name: optText(100),
    option1_value: optText(255),
    option2_name: optText(100),
    option2_value: optText(255),
    option3_name: optText(100),
    option3_value: optText(255),
  })
  .refine((v) => v.map_price == null || v.price >= v.map_price, { path: ['price'], message: 'Price is below the MAP price' });
export type VariantInput = z.infer<typeof variantInput>;

export const supplierLinkInput = z.object({
  supplier_id: z.uuid(),
  variant_sku: z.string().trim().min(1).max(100).nullable().optional(),
  supplier_cost: money.nullable().optional(),
  supplier_stock: z.number().int().min(0).default(0),
});

const productFields = {
  title: z.string().trim().min(1).max(255),
  sku: z.string().trim().min(1).max(100),
  handle: z.string().trim().min(1).max(255).regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and dashes').optional(),
  status: z.enum(PRODUCT_STATUSES),
  description: optText(20_000),
  vendor: optText(255),
  product_type: optText(255),
  tags: optText(1000),
  price: money,
  cost: money.nullable(),
  map_price: money.nullable(),
  stock: z.number().int().min(0).max(10_000_000),
  weight: z.number().min(0).max(10_000_000).nullable(),
  supplier_id: z.uuid().nullable(),
  variants: z.array(variantInput).max(250),
  suppliers: z.array(supplierLinkInput).max(50),
};

const priceVsMap = (p: { price?: number; map_price?: number | null }) => p.price === undefined || p.map_price == null || p.price >= p.map_price;

export const productCreate = z
  .object({
    ...productFields,
    status: productFields.status.default('active'),
    price: money.optional(),
    cost: productFields.cost.optional(),
    map_price: productFields.map_price.optional(),
    stock: productFields.stock.default(0),
    weight: productFields.weight.optional(),
    supplier_id: productFields.supplier_id.optional(),
    variants: productFields.variants.default([]),
    suppliers: productFields.suppliers.default([]),
  })
  .refine((p) => p.price !== undefined || p.variants.length > 0, { path: ['price'], message: 'Price is required for a product without variants' })
  .refine(priceVsMap, { path: ['price'], message: 'Price is below the MAP price' });
export type ProductCreate = z.infer<typeof productCreate>;

export const productUpdate = z
  .object({
    title: productFields.title.optional(),
    sku: productFields.sku.optional(),
    handle: productFields.handle,
    status: productFields.status.optional(),
    description: productFields.description,
    vendor: productFields.vendor,
    product_type: productFields.product_type,
    tags: productFields.tags,
    price: money.optional(),
    cost: productFields.cost.optional(),
    map_price: productFields.map_price.optional(),
    stock: productFields.stock.optional(),
    weight: productFields.weight.optional(),
    supplier_id: productFields.supplier_id.optional(),
    variants: productFields.variants.optional(),
    suppliers: productFields.suppliers.optional(),
  })
  .refine(priceVsMap, { path: ['price'], message: 'Price is below the MAP price' });
export type ProductUpdate = z.infer<typeof productUpdate>;

export const idParams = z.object({ id: z.uuid() });

export const bulkBody = z
  .object({
    action: z.enum(['update', 'delete']),
    ids: z.array(z.uuid()).min(1).max(500),
    changes: z
      .object({
        price: money.optional(),
        price_delta_pct: z.number().min(-99).max(1000).optional(),
        stock: z.number().int().min(0).max(10_000_000).optional(),
      })
      .refine((c) => !(c.price !== undefined && c.price_delta_pct !== undefined), { message: 'Give price or price_delta_pct, not both' })
      .optional(),
  })
  .refine((b) => b.action === 'delete' || (b.changes && Object.values(b.changes).some((v) => v !== undefined)), {
    path: ['changes'],
    message: 'An update needs at least one change',
  });
export type BulkBody = z.infer<typeof bulkBody>;
