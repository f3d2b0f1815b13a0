/** Order tools (docs/orchestrator.md "Tools"): find orders, explain one's automation timeline, hold or route one. */
import { z } from 'zod';
import { ORDER_STATUSES, ORDER_STATUS_LABEL, type Order } from '../../../contract/orders';
import { ordersPermissions } from '../../../contract/modules/orders';
import { toCents } from '../../../contract/money';
import type { TimelineEntry } from '../../../contract/fulfillment';
import { defineTool } from '../tool-kit';
import { centsSlot, dayEnd, dayStart, daySlot, dollars, marketplaceName, marketplaceSlot, money, orderIdSlot, plural, table, when, type Page } from './shared';

/** Rows read to filter by amount (the orders list has no amount filter: sorted by total, then cut). */
const AMOUNT_SCAN = 500;

export const findOrders = defineTool({
  name: 'find_orders',
  description: 'Find orders by status, marketplace, amount and date.',
  permission: ordersPermissions.orders.read,
  route: 'GET /orders',
  writes: false,
  danger: false,
  input: z.object({
    status: z.enum(ORDER_STATUSES).optional(),
    marketplace: marketplaceSlot.optional(),
    min_total_cents: centsSlot.optional().describe('Only orders of at least this total, in cents'),
    max_total_cents: centsSlot.optional().describe('Only orders of at most this total, in cents'),
    from: daySlot.optional().describe('Created on or after this day'),
    to: daySlot.optional().describe('Created on or before this day'),
    search: z.string().trim().min(1).max(200).optional(),
  }),
  async run({ api }, i) {
    const byAmount = i.min_total_cents !== undefined || i.max_total_cents !== undefined;
    const r = await api.get<Page<Order>>('/orders', {
      status: i.status, marketplace: i.marketplace, search: i.search,
      created_from: i.from ? dayStart(i.from) : undefined, created_to: i.to ? dayEnd(i.to) : undefined,
      sort: byAmount ? 'total' : 'created_at', order: byAmount && i.max_total_cents !== undefined && i.min_total_cents === undefined ? 'asc' : 'desc',
      limit: byAmount ? AMOUNT_SCAN : 20,
    });
    let rows = r.data;
    let total = r.pagination.total;
    if (byAmount) {
      rows = rows.filter((o) => (i.min_total_cents === undefined || toCents(o.total) >= i.min_total_cents) && (i.max_total_cents === undefined || toCents(o.total) <= i.max_total_cents));
      total = rows.length;
      rows = rows.slice(0, 20);
    }
    const params = new URLSearchParams();
    if (i.status) params.set('status', i.status);
    if (i.marketplace) params.set('marketplace', i.marketplace);
    const words = [i.status ? ORDER_STATUS_LABEL[i.status].toLowerCase() : '', 'orders', i.marketplace ? `from ${marketplaceName(i.marketplace)}` : '',
      i.min_total_cents !== undefined ? `over ${money(i.min_total_cents)}` : '', i.max_total_cents !== undefined ? `under ${money(i.max_total_cents)}` : ''].filter(Boolean).join(' ');
    return table(
      words[0].toUpperCase() + words.slice(1),
      [['id', 'Order'], ['marketplace', 'Marketplace'], ['customer', 'Customer'], ['status', 'Status'], ['total', 'Total'], ['created_at', 'Created']],
      rows.map((o) => ({ id: o.id, marketplace: marketplaceName(o.marketplace), customer: o.customer_name ?? '—', status: ORDER_STATUS_LABEL[o.status], total: dollars(o.total), created_at: when(o.created_at), _link: `/orders?id=${encodeURIComponent(o.id)}` })),
      total,
      `/orders${params.size ? `?${params}` : ''}`,
    );
  },
});

export const explainOrder = defineTool({
  name: 'explain_order',
  description: "Explain an order's automation timeline: what happened to it, step by step.",
  permission: ordersPermissions.orders.read,
  route: 'GET /orders/:id/timeline',
  writes: false,
  danger: false,
  input: z.object({ order_id: orderIdSlot }),
  async run({ api }, i) {
    const id = encodeURIComponent(i.order_id);
    const [o, t] = await Promise.all([api.get<{ data: Order }>(`/orders/${id}`), api.get<{ data: TimelineEntry[] }>(`/orders/${id}/timeline`)]);
    const steps = t.data;
    return table(
      `Order ${o.data.id}: ${ORDER_STATUS_LABEL[o.data.status]}, ${plural(steps.length, 'step')}`,
      [['at', 'When'], ['text', 'What happened']],
      steps.map((s) => ({ at: when(s.at), text: s.text })),
      steps.length,
      `/orders?id=${id}`,
    );
  },
});

const orderPreview = (o: Order) => ({ id: o.id, marketplace: marketplaceName(o.marketplace), status: ORDER_STATUS_LABEL[o.status], total: dollars(o.total) });

export const holdOrder = defineTool({
  name: 'hold_order',
  description: 'Put an order on hold so the automation does not route it.',
  permission: ordersPermissions.orders.write,
  route: 'POST /orders/:id/hold',
  writes: true,
  danger: false,
  input: z.object({ order_id: orderIdSlot, reason: z.string().trim().min(1).max(500).optional() }),
  async plan({ api }, i) {
    const o = (await api.get<{ data: Order }>(`/orders/${encodeURIComponent(i.order_id)}`)).data;
    return { summary: `Put order ${o.id} on hold`, count: 1, preview: [orderPreview(o)], args: { order_id: o.id, reason: i.reason ?? 'Held from the AI Orchestrator' } };
  },
  async apply({ api }, a) {
    await api.post(`/orders/${encodeURIComponent(String(a.order_id))}/hold`, { reason: a.reason });
    return { kind: 'text', text: `Order ${String(a.order_id)} is on hold.` };
  },
});

export const routeOrder = defineTool({
  name: 'route_order',
  description: 'Route an order to its supplier now.',
  permission: ordersPermissions.orders.write,
  route: 'POST /orders/:id/route',
  writes: true,
  danger: false,
  input: z.object({ order_id: orderIdSlot }),
  async plan({ api }, i) {
    const o = (await api.get<{ data: Order }>(`/orders/${encodeURIComponent(i.order_id)}`)).data;
    return { summary: `Route order ${o.id} to its supplier`, count: 1, preview: [orderPreview(o)], args: { order_id: o.id } };
  },
  async apply({ api }, a) {
    await api.post(`/orders/${encodeURIComponent(String(a.order_id))}/route`, {});
    return { kind: 'text', text: `Order ${String(a.order_id)} was routed to its supplier.` };
  },
});
