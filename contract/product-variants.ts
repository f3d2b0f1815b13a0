/**
 * Request shapes of one product variant — read by the server (`/api/products/{id}/variants`) and by
 * the console's variant editor. Money is a JSON number of dollars with two decimals, as every product
 * amount (stored in cents, docs/commerce.md "Money"). A price below the variant's MAP price is refused.
 */
import { z } from 'zod';
import { int, money, optText, reqText, STOCK_MAX, WEIGHT_MAX } from './fields';

export const BELOW_MAP_MESSAGE = 'Price is below the MAP price';

export const variantFields = {
  sku: reqText(100),
  price: money,
  compare_at_price: money.nullable().optional(),
  cost: money.nullable().optional(),
  map_price: money.nullable().optional(),
  stock: int(0, STOCK_MAX),
  weight: z.number().min(0).max(WEIGHT_MAX).nullable().optional(),
  position: int(1, 1000).optional(),
  option1_name: optText(100),
  option1_value: optText(255),
  option2_name: optText(100),
  option2_value: optText(255),
  option3_name: optText(100),
  option3_value: optText(255),
};

/** Price not below MAP, when both are known (a partial update is checked again after merging). */
export const priceAtLeastMap = (v: { price?: number; map_price?: number | null }) =>
  v.price === undefined || v.map_price == null || v.price >= v.map_price;

/** POST /api/products/{id}/variants */
export const variantCreate = z
  .object({ ...variantFields, stock: variantFields.stock.default(0) })
  .refine(priceAtLeastMap, { path: ['price'], message: BELOW_MAP_MESSAGE });
export type VariantCreate = z.infer<typeof variantCreate>;

/** PUT /api/products/{id}/variants/{variantId}: any subset of the fields; at least one. */
export const variantUpdate = z
  .object({
    sku: variantFields.sku.optional(),
    price: variantFields.price.optional(),
    compare_at_price: variantFields.compare_at_price,
    cost: variantFields.cost,
    map_price: variantFields.map_price,
    stock: variantFields.stock.optional(),
    weight: variantFields.weight,
    position: variantFields.position,
    option1_name: variantFields.option1_name,
    option1_value: variantFields.option1_value,
    option2_name: variantFields.option2_name,
    option2_value: variantFields.option2_value,
    option3_name: variantFields.option3_name,
    option3_value: variantFields.option3_value,
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Give at least one field to change' })
  .refine(priceAtLeastMap, { path: ['price'], message: BELOW_MAP_MESSAGE });
export type VariantUpdate = z.infer<typeof variantUpdate>;

export const variantParams = z.object({ id: z.uuid(), variantId: z.uuid() });
