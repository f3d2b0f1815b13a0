/**
 * What waits on dropshipping now (docs/dropshipping.md "Dashboard"): orders to ship and held, purchase
 * orders awaiting their supplier, late and exception parcels, open returns — counted in one statement
 * for the dashboard's card. Every signed-in role reads it (read:orders).
 */
import type { Api } from '../module';
import { one } from '../kit';
import type { FulfillmentSummary } from '../../../contract/fulfillment';
import { IN_QUEUE } from './queue';
import { oneAnswer } from '../../../contract/api';
import { fulfillmentSummary } from '../../../contract/fulfillment';

export function summaryRoutes(api: Api) {
  api.route({
    method: 'GET',
    url: '/fulfillment/summary',
    access: 'read:orders',
    answer: oneAnswer(fulfillmentSummary),
    async handler({ tx, auth }) {
      const { rows } = await tx.query<Record<keyof FulfillmentSummary, string>>(
        `select
           (select count(*) filter (where o.hold_reason is null) from orders o where o.tenant_id = $1 and ${IN_QUEUE.join(' and ')}) as to_ship,
           (select count(*) from orders o where o.tenant_id = $1 and o.hold_reason is not null and o.status not in ('cancelled', 'partially_returned', 'returned', 'delivered')) as held,
           (select count(*) from purchase_orders p where p.tenant_id = $1 and p.status = 'placed') as awaiting_supplier,
           (select count(*) from shipments s where s.tenant_id = $1 and s.direction = 'outbound' and s.late and s.status not in ('delivered', 'voided')) as late_shipments,
           (select count(*) from shipments s where s.tenant_id = $1 and s.status = 'exception') as exceptions,
           (select count(*) from returns r where r.tenant_id = $1 and r.status in ('requested', 'approved', 'in_transit', 'received')) as open_returns`,
        [auth.tenantId],
      );
      const r = rows[0];
      const data: FulfillmentSummary = {
        to_ship: Number(r.to_ship), held: Number(r.held), awaiting_supplier: Number(r.awaiting_supplier),
        late_shipments: Number(r.late_shipments), exceptions: Number(r.exceptions), open_returns: Number(r.open_returns),
      };
      return one(data);
    },
  });
}
