/** Catalog and returns tools (docs/orchestrator.md "Tools"): find products, find returns. */
import { z } from 'zod';
import { PRODUCT_STATUSES, STOCK_LEVELS, type Product } from '../../../contract/products';
import { RMA_STATUSES, type ReturnRow } from '../../../contract/fulfillment';
import { defineTool } from '../tool-kit';
import { centsSlot, dollars, humanize, money, orderIdSlot, skuSlot, table, when, type Page } from './shared';

export const findProducts = defineTool({
  name: 'find_products',
  description: 'Find products by name, SKU, status, stock level or price.',
  permission: 'read:products',
  route: 'GET /products',
  writes: false,
  danger: false,
  input: z.object({
    search: z.string().trim().min(1).max(200).optional(),
    sku: skuSlot.optional(),
    status: z.enum(PRODUCT_STATUSES).optional(),
    stock_level: z.enum(STOCK_LEVELS).optional(),
    min_price_cents: centsSlot.optional(),
    max_price_cents: centsSlot.optional(),
  }),
  async run({ api }, i) {
    const r = await api.get<Page<Product>>('/products', {
      search: i.search, sku: i.sku, status: i.status, stock_level: i.stock_level,
      price_min: i.min_price_cents === undefined ? undefined : i.min_price_cents / 100, price_max: i.max_price_cents === undefined ? undefined : i.max_price_cents / 100, limit: 20,
    });
    const title = [i.stock_level ? humanize(i.stock_level) : '', i.status ?? '', 'products', i.search ? `matching "${i.search}"` : '', i.sku ? `with SKU ${i.sku}` : ''].filter(Boolean).join(' ');
    return table(title[0].toUpperCase() + title.slice(1), [['sku', 'SKU'], ['title', 'Product'], ['status', 'Status'], ['stock', 'Stock'], ['price', 'Price']],
      r.data.map((p) => ({ sku: p.sku, title: p.title, status: p.status, stock: p.stock, price: dollars(p.price), _link: `/products/${p.id}` })), r.pagination.total,
      i.stock_level ? `/products?stock_level=${i.stock_level}` : '/products');
  },
});

export const findReturns = defineTool({
  name: 'find_returns',
  description: 'Find returns (RMAs) by status or order.',
  permission: 'read:orders',
  route: 'GET /returns',
  writes: false,
  danger: false,
  input: z.object({ status: z.enum(RMA_STATUSES).optional(), order_id: orderIdSlot.optional() }),
  async run({ api }, i) {
    const r = await api.get<Page<ReturnRow>>('/returns', { status: i.status, order_id: i.order_id, limit: 20 });
    return table(`${i.status ? `Returns ${humanize(i.status)}` : 'Returns'}${i.order_id ? ` of ${i.order_id}` : ''}`,
      [['number', 'Return'], ['order_id', 'Order'], ['status', 'Status'], ['reason', 'Reason'], ['refund', 'Refund'], ['created_at', 'Opened']],
      r.data.map((x) => ({ number: x.number, order_id: x.order_id, status: humanize(x.status), reason: humanize(x.reason), refund: money(x.refund_cents), created_at: when(x.created_at), _link: `/returns?id=${x.id}` })),
      r.pagination.total, '/returns');
  },
});
