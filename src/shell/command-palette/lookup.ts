/**
 * The palette's three lookups — docs/product/shell.md "Command palette", docs/product/data.md (Palette results), docs/product/api-calls.md "The calls",
 * docs/product/constants.md (5 per type):
 * `GET /products`, `GET /me/orders` and `GET /suppliers` with `search` and `limit=5`.
 */
import { PALETTE } from '../../../contract/constants';
import type { Order } from '../../../contract/orders';
import type { Product } from '../../../contract/products';
import type { Supplier } from '../../../contract/suppliers';

/** The fields of a list row the palette shows (the rows are contract/products.ts `product`, orders.ts `order`, suppliers.ts `supplier`). */
export type SearchProduct = Pick<Product, 'id' | 'title' | 'sku' | 'price'>;
export type SearchOrder = Pick<Order, 'id' | 'customer_name' | 'status' | 'total'>;
/** The palette shows "N/A" for a supplier without a tier (docs/product/shell.md), so it still takes one. */
export type SearchSupplier = Pick<Supplier, 'id' | 'name'> & { tier: Supplier['tier'] | null };

export interface PaletteResults {
  products: SearchProduct[];
  orders: SearchOrder[];
  suppliers: SearchSupplier[];
}

export type PaletteLookup = (text: string, signal: AbortSignal) => Promise<PaletteResults>;

interface ListClient {
  get<T>(path: string, opts: { query: Record<string, string | number>; signal: AbortSignal }): Promise<T>;
}

export function createLookup(client: ListClient): PaletteLookup {
  const list = async <T>(path: string, search: string, signal: AbortSignal): Promise<T[]> => {
    const answer = await client.get<{ data: T[] }>(path, { query: { search, limit: PALETTE.perType }, signal });
    return answer.data.slice(0, PALETTE.perType);
  };
  return async (text, signal) => {
    // all three at once; any failure fails the search (docs/product/shell.md "when any of the three lookups fails")
    const [products, orders, suppliers] = await Promise.all([
      list<SearchProduct>('/products', text, signal),
      list<SearchOrder>('/me/orders', text, signal),
      list<SearchSupplier>('/suppliers', text, signal),
    ]);
    return { products, orders, suppliers };
  };
}
