/**
 * Sample lists shown when the API is down (docs/api-client.md "Decisions": mock data only when the API
 * does not answer): 20 products, 30 orders, 15 suppliers. Plainly fake names, fixed figures (no
 * randomness, so a reload shows the same rows), and the list says "Mocked data" above them.
 */
import { MARKETPLACES, ORDER_STATUSES, type Order } from '../../contract/orders';
import { PRODUCT_STATUSES, type Product } from '../../contract/products';
import type { Supplier } from '../../contract/suppliers';

const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 1);
const at = (i: number) => new Date(T0 + i * DAY).toISOString();
const money = (cents: number) => Math.round(cents) / 100;

export function mockSuppliers(): Supplier[] {
  return Array.from({ length: 15 }, (_, i) => ({
    id: `mock-supplier-${i + 1}`,
    name: `Sample Supplier ${i + 1}`,
    tier: ((i % 3) + 1) as 1 | 2 | 3,
    contact_name: null,
    email: null,
    phone: null,
    country: 'US',
    lead_time_days: 3 + (i % 7),
    on_time_rate: 0.9 + (i % 10) / 100,
    defect_rate: (i % 5) / 100,
    cancellation_rate: (i % 4) / 100,
    score: 60 + ((i * 7) % 40),
    scored_at: at(i),
    created_at: at(i),
    updated_at: at(i),
  }));
}

export function mockProducts(): Product[] {
  return Array.from({ length: 20 }, (_, i) => ({
    id: `mock-product-${i + 1}`,
    handle: `sample-product-${i + 1}`,
    title: `Sample Product ${i + 1}`,
    sku: `SAMPLE-${String(i + 1).padStart(3, '0')}`,
    status: PRODUCT_STATUSES[i % PRODUCT_STATUSES.length],
    vendor: null,
    product_type: null,
    price: money(999 + i * 250),
    cost: money(500 + i * 120),
    map_price: null,
    stock: (i * 13) % 60,
    weight: null,
    supplier_id: `mock-supplier-${(i % 15) + 1}`,
    supplier_name: `Sample Supplier ${(i % 15) + 1}`,
    variants_count: 1,
    created_at: at(i),
    updated_at: at(i),
  }));
}

export function mockOrders(): Order[] {
  return Array.from({ length: 30 }, (_, i) => {
    const subtotal = money(1500 + i * 375);
    return {
      id: `ORD-MOCK-${String(i + 1).padStart(3, '0')}`,
      marketplace: MARKETPLACES[i % MARKETPLACES.length],
      external_order_id: null,
      customer_name: `Sample Customer ${i + 1}`,
      status: ORDER_STATUSES[i % ORDER_STATUSES.length],
      subtotal,
      shipping: 5,
      tax: 0,
      fees: 0,
      total: subtotal + 5,
      currency: 'USD',
      cancel_reason: null,
      items_count: 1 + (i % 3),
      created_at: at(30 - i),
      updated_at: at(30 - i),
    };
  });
}
