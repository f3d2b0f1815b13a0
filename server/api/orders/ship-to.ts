/**
 * Correcting an order's ship-to address — docs/commerce.md "Ship-to address": `PUT /orders/{id}/ship-to`
 * with the whole address (contract/addresses.ts: a 400 names each bad field), while the order has
 * not shipped. The country can change only while the order is pending: once routed, its suppliers
 * were chosen for that country. One transaction: the row locked by the route kit, the address
 * written, the audit row with before and after.
 */
import type { Api } from '../module';
import { one } from '../kit';
import { HttpError, notFound } from '../errors';
import { oneAnswer } from '../../../contract/api';
import { orderDetail, orderParams, ORDER_STATUS_LABEL, type OrderStatus } from '../../../contract/orders';
import { ADDRESS_EDITABLE_STATUSES, shipToAddress, type ShipTo } from '../../../contract/addresses';
import { countryName } from '../../../contract/countries';
import { getOrder } from './queries';

export function shipToRoutes(api: Api): void {
  api.route({
    method: 'PUT',
    url: '/orders/:id/ship-to',
    lock: { table: 'orders', what: 'Order', normalize: (id) => id.toUpperCase() },
    access: 'write:orders',
    params: orderParams,
    body: shipToAddress,
    answer: oneAnswer(orderDetail),
    async handler(ctx) {
      const t = ctx.auth.tenantId;
      const o = (await ctx.tx.query<{ id: string; status: OrderStatus; ship_to_country: string; ship_to: ShipTo }>(
        'select id, status, ship_to_country, ship_to from orders where tenant_id = $1 and id = upper($2)', [t, ctx.params.id],
      )).rows[0];
      if (!o) throw notFound('Order');
      if (!ADDRESS_EDITABLE_STATUSES.includes(o.status)) {
        throw new HttpError(409, 'invalid_state', `The address can change until the order ships; this order is ${ORDER_STATUS_LABEL[o.status].toLowerCase()}`);
      }
      const next = ctx.body;
      if (next.country !== o.ship_to_country && o.status !== 'pending') {
        const message = `The order is already routed to a supplier for ${countryName(o.ship_to_country) ?? o.ship_to_country}: the country can change only while it is pending`;
        throw new HttpError(409, 'invalid_state', message, [{ field: 'country', message, code: 'country_locked' }]);
      }
      await ctx.tx.query(
        'update orders set ship_to = $3::jsonb, ship_to_country = $4, updated_at = now() where tenant_id = $1 and id = $2',
        [t, o.id, JSON.stringify(next), next.country],
      );
      await ctx.audit({ action: 'order.ship_to', resource: 'order', resourceId: o.id, before: { ship_to: o.ship_to }, after: { ship_to: next } });
      return one((await getOrder(ctx.tx, t, o.id))!);
    },
  });
}
