/**
 * The palette's three lookups — docs/product/shell.md "Command palette", docs/product/data.md (Palette results), docs/product/api-calls.md "The calls",
 * docs/product/constants.md (5 per type):
 * `GET /products`, `GET /me/orders` and `GET /suppliers` with `search` and `limit=5`, read through the
 * Refine data provider's `getList` like every list (docs/api-client.md "One data path").
 */
import type { BaseRecord, DataProvider } from '@refinedev/core';
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

/** The data provider's list read: the one call the palette makes. */
export type ListReader = Pick<DataProvider, 'getList'>;

export function createLookup(data: ListReader): PaletteLookup {
  const list = async <T extends BaseRecord>(resource: string, path: string, search: string, signal: AbortSignal): Promise<T[]> => {
    const answer = await data.getList<T>({
      resource,
      filters: [{ field: 'search', operator: 'contains', value: search }],
      pagination: { currentPage: 1, pageSize: PALETTE.perType },
      // the search aborts its lookups when the text changes (the data provider reads only the signal)
      meta: { path, signal },
    });
    return answer.data.slice(0, PALETTE.perType);
  };
  return async (text, signal) => {
    // all three at once; any failure fails the search (docs/product/shell.md "any of the three lookups failed")
    const [products, orders, suppliers] = await Promise.all([
      list<SearchProduct>('products', '/products', text, signal),
      list<SearchOrder>('orders', '/me/orders', text, signal),
      list<SearchSupplier>('suppliers', '/suppliers', text, signal),
    ]);
    return { products, orders, suppliers };
  };
}
