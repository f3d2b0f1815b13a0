/** Product shapes as the API answers them (server/api/products, docs/commerce.md). */
export const PRODUCT_STATUSES = ['active', 'draft', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const STOCK_LEVELS = [
  { value: 'in_stock', label: 'In stock' },
  { value: 'low_stock', label: 'Low stock (1–10)' },
  { value: 'out_of_stock', label: 'Out of stock' },
] as const;

/** The server's low-stock bound: 1–10 units (docs/commerce.md). */
export const LOW_STOCK_MAX = 10;

export interface Product {
  id: string;
  handle: string;
  title: string;
  sku: string;
  status: ProductStatus;
  vendor: string | null;
  product_type: string | null;
  price: number;
  cost: number | null;
  map_price: number | null;
  stock: number;
  weight: number | null;
  supplier_id: string | null;
  supplier_name: string | null;
  variants_count?: number;
  created_at: string;
  updated_at: string;
}

export interface Variant {
  id: string;
  sku: string;
  price: number;
  compare_at_price: number | null;
  cost: number | null;
  map_price: number | null;
  stock: number;
  weight: number | null;
  option1_name: string | null;
  option1_value: string | null;
  option2_name: string | null;
  option2_value: string | null;
  option3_name: string | null;
  option3_value: string | null;
}

export interface SupplierLink {
  id: string;
  supplier_id: string;
  supplier_name: string;
  supplier_tier: number;
  variant_sku: string | null;
  supplier_cost: number | null;
  supplier_stock: number;
}

export interface ProductDetail extends Product {
  description: string | null;
  tags: string | null;
  variants: Variant[];
  suppliers: SupplierLink[];
}

/** The list's filters: URL parameters = API query names (spec §2.1 `/products?sku`). */
export const PRODUCT_FILTERS = ['search', 'status', 'stock_level', 'price_min', 'price_max', 'supplier_id', 'sku'] as const;
