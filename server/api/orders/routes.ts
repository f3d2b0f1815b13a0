/**
 * Orders API — docs/commerce.md and docs/product/api-calls.md (GET /me/orders with search and limit): keyset-paged list,
 * detail with items and status history, status changes along the allowed transitions only, cancel,
 * CSV export of the filtered view.
 */
import { defineModule, type ApiModule } from '../module';
import type { Ctx } from '../kit';
import { one } from '../kit';
import { notFound } from '../errors';
import { pageJson } from '../list-kit/paging';
import { type OrderStatus, ordersLive } from '../../../contract/orders';
import { streamCsv, EXPORT_PAGE } from '../imports/csv-export';
import { cancelBody, orderListQuery, orderParams, statusBody, type OrderListQuery } from '../../../contract/orders';
import { getOrder, listOrders, mapOrder } from './queries';
import { shipToRoutes } from './ship-to';
import { num } from '../../domain/numbers';
import { centsToDecimal } from '../../../contract/money';
import { changeStatusByHand } from './status-command';
import { listAnswer, oneAnswer } from '../../../contract/api';
import { order, orderDetail, type Order } from '../../../contract/orders';

export const ORDER_EXPORT_COLUMNS = [
  'Order ID', 'Marketplace', 'External Order ID', 'Customer Name', 'Status', 'Items', 'Subtotal', 'Shipping', 'Tax', 'Fees',
  'Total', 'Currency', 'Cancel Reason', 'Created At', 'Updated At',
] as const;

/** A person's status change through its one command (./status-command.ts), answered with the order as it now is. */
async function changeStatus(ctx: Ctx<{ id: string }, unknown, unknown>, to: OrderStatus, reason: string | undefined) {
  const c = { tx: ctx.tx, tenantId: ctx.auth.tenantId, email: ctx.auth.email, audit: ctx.audit, emit: ctx.emit };
  const id = await changeStatusByHand(c, ctx.params.id, to, reason);
  return one(await getOrder(ctx.tx, ctx.auth.tenantId, id));
}

const orders: ApiModule = (api) => {
  shipToRoutes(api);
  const listDef = {
    method: 'GET' as const,
    access: 'read:orders' as const,
    query: orderListQuery,
    answer: listAnswer(order),
    async handler({ tx, auth, query }: Ctx<unknown, OrderListQuery, unknown>) {
      return pageJson<Order>(await listOrders(tx, auth.tenantId, query, { json: true }), query.limit, query.offset);
    },
  };
  api.route({ ...listDef, url: '/me/orders' });
  api.route({ ...listDef, url: '/orders' });

  api.route({
    method: 'GET',
    url: '/me/orders/export.csv',
    access: 'read:orders',
    query: orderListQuery,
    noTransaction: true,
    async handler({ auth, query, req, reply }) {
      await streamCsv(api.services.db, auth, req, reply, {
        filename: 'orders.csv',
        fields: ORDER_EXPORT_COLUMNS,
        async page(tx, cursor) {
          const page = await listOrders(tx, auth.tenantId, { ...query, limit: EXPORT_PAGE, offset: 0, cursor: cursor ?? undefined }, { noCount: true });
          const items = await tx.query<{ order_id: string; skus: string }>(
            `select order_id, string_agg(quantity || ' x ' || sku, '; ' order by id) as skus from order_items
              where tenant_id = $1 and order_id = any($2::text[]) group by order_id`,
            [auth.tenantId, page.rows.map((r) => r.id)],
          );
          const skus = new Map(items.rows.map((r) => [r.order_id, r.skus]));
          const rows = page.rows.map((r) => {
            const o = mapOrder(r);
            // the amounts' dollar text, written from the stored cents (contract/money.ts)
            const usd = (c: unknown) => centsToDecimal(num(c));
            return [
              o.id, o.marketplace, o.external_order_id ?? '', o.customer_name ?? '', o.status, skus.get(o.id as string) ?? '',
              usd(r.subtotal_cents), usd(r.shipping_cents), usd(r.tax_cents), usd(r.fees_cents), usd(r.total_cents), o.currency,
              o.cancel_reason ?? '', new Date(o.created_at as string).toISOString(), new Date(o.updated_at as string).toISOString(),
            ];
          });
          return { rows, next: page.nextCursor };
        },
      });
    },
  });

  api.route({
    method: 'GET',
    url: '/orders/:id',
    access: 'read:orders',
    answer: oneAnswer(orderDetail),
    params: orderParams,
    async handler({ tx, auth, params }) {
      const o = await getOrder(tx, auth.tenantId, params.id);
      if (!o) throw notFound('Order');
      return one(o);
    },
  });

  api.route({
    method: 'POST',
    url: '/orders/:id/status',
    lock: { table: 'orders', what: 'Order', normalize: (id) => id.toUpperCase() },
    access: 'write:orders',
    params: orderParams,
    body: statusBody,
    handler: (ctx) => changeStatus(ctx, ctx.body.status, ctx.body.reason),
  });

  api.route({
    method: 'POST',
    url: '/orders/:id/cancel',
    lock: { table: 'orders', what: 'Order', normalize: (id) => id.toUpperCase() },
    access: 'write:orders',
    params: orderParams,
    body: cancelBody,
    handler: (ctx) => changeStatus(ctx, 'cancelled', ctx.body.reason),
  });
};
export default defineModule({ name: 'orders', routes: orders, live: ordersLive });
