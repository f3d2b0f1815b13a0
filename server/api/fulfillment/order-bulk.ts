/**
 * Working orders by hand (docs/dropshipping.md "Routing by hand"): route, hold one order, and the
 * bulk route of /orders — route, buy labels, hold, release, cancel selected orders — answering one
 * result per order. The console sends a selection in chunks (contract/orders.ts `ORDER_BULK_MAX`)
 * so its progress moves; each order of a chunk is worked under a savepoint, so one refused order
 * fails alone (nothing of it written: its audit rows and events are kept back until it succeeded)
 * and the others still apply. Orders are locked in id order, as every writer of several orders does.
 */
import type { Api } from '../module';
import { one } from '../kit';
import { HttpError } from '../errors';
import { cancelOrder } from '../orders/status-command';
import { holdBody, orderBulkBody, orderBulkResult, orderParams, type OrderBulkAction, type OrderBulkResult } from '../../../contract/orders';
import type { AuditInput } from '../kit';
import type { Emit } from '../../events/outbox';
import { z } from 'zod';
import { buyLabelByHand, commandCtx, holdByHand, releaseByHand, routeByHand, type OrderCommandCtx } from './order-commands';

/** What one order's bulk action did, in the words the result list shows. */
async function act(c: OrderCommandCtx, action: OrderBulkAction, id: string, reason: string | undefined): Promise<string> {
  switch (action) {
    case 'route': return (await routeByHand(c, id)).message;
    case 'hold': return `On hold: ${(await holdByHand(c, id, reason!)).hold_reason}`;
    case 'release': {
      await releaseByHand(c, id);
      return 'Hold released: the router routes it again';
    }
    case 'buy_label': {
      const s = await buyLabelByHand(c, id, {});
      return `Label bought: ${s.tracking_number}`;
    }
    case 'cancel': {
      await cancelOrder(c, id, reason!);
      return 'Cancelled';
    }
  }
}

export function orderBulkRoutes(api: Api) {
  api.route({
    method: 'POST',
    url: '/orders/:id/route',
    lock: { table: 'orders', what: 'Order', normalize: (id) => id.toUpperCase() },
    access: 'write:orders',
    params: orderParams,
    async handler(ctx) {
      return one(await routeByHand(commandCtx(ctx), ctx.params.id));
    },
  });

  api.route({
    method: 'POST',
    url: '/orders/:id/hold',
    lock: { table: 'orders', what: 'Order', normalize: (id) => id.toUpperCase() },
    access: 'write:orders',
    params: orderParams,
    body: holdBody,
    async handler(ctx) {
      return one(await holdByHand(commandCtx(ctx), ctx.params.id, ctx.body.reason));
    },
  });

  api.route({
    method: 'POST',
    url: '/orders/bulk',
    access: 'write:orders',
    body: orderBulkBody,
    answer: z.object({ data: z.array(orderBulkResult) }),
    async handler(ctx) {
      const base = commandCtx(ctx);
      const results = new Map<string, OrderBulkResult>();
      const ids = [...new Set(ctx.body.ids.map((id) => id.toUpperCase()))].sort();
      for (const id of ids) {
        // this order's audit rows and events wait until it succeeded: a refused order leaves nothing
        const audits: AuditInput[] = [];
        const events: Parameters<Emit>[] = [];
        const c: OrderCommandCtx = { ...base, audit: async (e) => void audits.push(e), emit: (async (subject, payload) => void events.push([subject, payload])) as Emit };
        await ctx.tx.query('savepoint order_bulk');
        try {
          const message = await act(c, ctx.body.action, id, ctx.body.reason);
          await ctx.tx.query('release savepoint order_bulk');
          for (const a of audits) await ctx.audit(a);
          for (const [subject, payload] of events) await ctx.emit(subject, payload);
          results.set(id, { id, ok: true, message });
        } catch (e) {
          await ctx.tx.query('rollback to savepoint order_bulk');
          if (!(e instanceof HttpError)) throw e;
          results.set(id, { id, ok: false, error: { code: e.code, message: e.message } });
        }
      }
      // one result per id asked, in the order asked (an id given twice is worked once)
      return { data: ctx.body.ids.map((id) => ({ ...results.get(id.toUpperCase())!, id })) };
    },
  });
}
