/**
 * Products on the wire — requests the API validates and answers the console reads
 * (docs/commerce.md "Products"). Bounds follow the products/product_variants columns.
 */
import { z } from 'zod';
import { listQuery } from './api';
import { cursor, int, money, MONEY_MAX, optText, reqText, STOCK_MAX, WEIGHT_MAX } from './fields';

export const PRODUCT_STATUSES = ['active', 'draft', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const STOCK_LEVELS = ['in_stock', 'low_stock', 'out_of_stock'] as const;
export type StockLevel = (typeof STOCK_LEVELS)[number];
export const STOCK_LEVEL_LABEL: Record<StockLevel, string> = {
  in_stock: 'In stock',
  low_stock: 'Low stock (1–10)',
  out_of_stock: 'Out of stock',
};
/** "Low stock" is 1–10 units; in_stock means more than that (docs/commerce.md). */
export const LOW_STOCK_MAX = 10;
export const PRODUCT_SORTS = ['title', 'sku', 'price', 'stock', 'updated_at', 'created_at'] as const;

const sku = reqText(100);
const stock = int(0, STOCK_MAX);
const weight = z.number().min(0).max(WEIGHT_MAX);
const priceBound = z.coerce.number().min(0).max(MONEY_MAX);

export const productListQuery = listQuery.extend({
  sort: z.enum(PRODUCT_SORTS).default('created_at'),
  cursor: cursor.optional(),
  status: z.enum(PRODUCT_STATUSES).optional(),
  supplier_id: z.uuid().optional(),
  stock_level: z.enum(STOCK_LEVELS).optional(),
  price_min: priceBound.optional(),
  price_max: priceBound.optional(),
  sku: sku.optional(),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

export const variantInput = z
  .object({
    id: z.uuid().optional(),
    sku,
    price: money,
    compare_at_price: money.nullable().optional(),
    cost: money.nullable().optional(),
    map_price: money.nullable().optional(),
    stock: stock.default(0),
    weight: weight.nullable().optional(),
    position: int(1, 1000).optional(),
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
  variant_sku: sku.nullable().optional(),
  supplier_cost: money.nullable().optional(),
  supplier_stock: stock.default(0),
});

const productFields = {
  title: reqText(255),
  sku,
  handle: reqText(255).regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and dashes').optional(),
  status: z.enum(PRODUCT_STATUSES),
  description: optText(20_000),
  vendor: optText(255),
  product_type: optText(255),
  tags: optText(1000),
  price: money,
  cost: money.nullable(),
  map_price: money.nullable(),
  stock,
  weight: weight.nullable(),
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

export const productParams = z.object({ id: z.uuid() });
export const idParams = productParams;
/** Variant summary and options: the whole catalogue or one product. */
export const productScopeQuery = z.object({ product_id: z.uuid().optional() });

/** A relative price change in percent: −99 % to +1000 %. */
export const PRICE_DELTA_PCT = { min: -99, max: 1000 } as const;

export const bulkBody = z
  .object({
    action: z.enum(['update', 'delete']),
    ids: z.array(z.uuid()).min(1).max(500),
    changes: z
      .object({
        price: money.optional(),
        price_delta_pct: z.number().min(PRICE_DELTA_PCT.min).max(PRICE_DELTA_PCT.max).optional(),
        stock: stock.optional(),
      })
      .refine((c) => !(c.price !== undefined && c.price_delta_pct !== undefined), { message: 'Give price or price_delta_pct, not both' })
      .optional(),
  })
  .refine((b) => b.action === 'delete' || (b.changes && Object.values(b.changes).some((v) => v !== undefined)), {
    path: ['changes'],
    message: 'An update needs at least one change',
  });
export type BulkBody = z.infer<typeof bulkBody>;

// ---- answers -------------------------------------------------------------------------------

const ts = z.string();

export const product = z.object({
  id: z.string(),
  handle: z.string(),
  title: z.string(),
  sku: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  vendor: z.string().nullable(),
  product_type: z.string().nullable(),
  price: z.number(),
  cost: z.number().nullable(),
  map_price: z.number().nullable(),
  stock: z.number(),
  weight: z.number().nullable(),
  supplier_id: z.string().nullable(),
  supplier_name: z.string().nullable(),
  variants_count: z.number().optional(),
  created_at: ts,
  updated_at: ts,
});
export type Product = z.infer<typeof product>;

export const variant = z.object({
  id: z.string(),
  sku: z.string(),
  price: z.number(),
  compare_at_price: z.number().nullable(),
  cost: z.number().nullable(),
  map_price: z.number().nullable(),
  stock: z.number(),
  weight: z.number().nullable(),
  option1_name: z.string().nullable(),
  option1_value: z.string().nullable(),
  option2_name: z.string().nullable(),
  option2_value: z.string().nullable(),
  option3_name: z.string().nullable(),
  option3_value: z.string().nullable(),
  position: z.number().optional(),
  /** Orders with a line of this variant (the delete confirmation says how many). */
  orders_count: z.number().optional(),
});
export type Variant = z.infer<typeof variant>;

export const supplierLink = z.object({
  id: z.string(),
  supplier_id: z.string(),
  supplier_name: z.string(),
  supplier_tier: z.number(),
  variant_sku: z.string().nullable(),
  supplier_cost: z.number().nullable(),
  supplier_stock: z.number(),
});
export type SupplierLink = z.infer<typeof supplierLink>;

export const productDetail = product.extend({
  description: z.string().nullable(),
  tags: z.string().nullable(),
  variants: z.array(variant),
  suppliers: z.array(supplierLink),
});
export type ProductDetail = z.infer<typeof productDetail>;

export const bulkResult = z.object({
  id: z.string(),
  ok: z.boolean(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
export type BulkResult = z.infer<typeof bulkResult>;
export const bulkAnswer = z.object({ action: z.enum(['update', 'delete']), succeeded: z.number(), failed: z.number(), results: z.array(bulkResult) });
export type BulkAnswer = z.infer<typeof bulkAnswer>;

export const variantSummary = z.object({
  product_id: z.string().nullable(),
  products: z.number(),
  variants: z.number(),
  total_stock: z.number(),
  price_min: z.number().nullable(),
  price_max: z.number().nullable(),
  price_avg: z.number().nullable(),
  out_of_stock: z.number(),
  low_stock: z.number(),
  in_stock: z.number(),
  inventory_cost: z.number(),
});
export type VariantSummary = z.infer<typeof variantSummary>;
export const variantOption = z.object({ name: z.string(), values: z.array(z.string()) });
export type VariantOption = z.infer<typeof variantOption>;

// live rows and permissions: plain data in their own module (the page registry loads it without zod)
export { productsLive, productsPermissions } from './modules/products';
