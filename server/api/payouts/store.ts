/**
 * Storing payouts with their lines (docs/payouts.md "Model"): one statement per payout writes the
 * payout (a row of marketplace_settlements) and, when it is new, its lines, each matched to our order
 * by the marketplace's order id; a payout already stored changes only its status and received date
 * (a scheduled or in-transit payout pulled again once paid). A new payout announces itself with
 * `marketplaces.settlement_created`, a status moved with `marketplaces.payout_status_changed`; on
 * them the ledger posts what a sent payout paid (docs/ledger.md "What posts what").
 * The connectors' sync (server/api/marketplaces/sync.ts) writes source 'connector'; uploads write 'import'.
 */
import type { Tx } from '../../db';
import { appendEvent, type EventIds } from '../../events/outbox';
import { MARKETPLACE_EVENTS } from '../../../contract/listings';
import type { MarketplaceKind } from '../../../contract/marketplaces';
import type { PayoutSource, PayoutStatus } from '../../../contract/payouts';
import type { PulledSettlement } from '../../marketplaces/connector';

export interface StoredPayout {
  id: string;
  externalId: string;
  /** Written now (false: it was there, its status may have moved). */
  created: boolean;
}

/**
 * Writes the payouts of an account. Answers the payouts written or moved; a payout already there
 * with the same status is not answered.
 */
export async function storePayouts(
  tx: Tx, tenantId: string, account: { id: string; kind: MarketplaceKind }, payouts: readonly PulledSettlement[], source: PayoutSource, ids: EventIds = {},
): Promise<StoredPayout[]> {
  const out: StoredPayout[] = [];
  for (const s of payouts) {
    const l = s.lines;
    const { rows } = await tx.query<{ id: string; created: boolean; was: PayoutStatus | null }>(
      `with old as (
         select status from marketplace_settlements where marketplace_id = $2 and external_id = $3
       ), s as (
         insert into marketplace_settlements (tenant_id, marketplace_id, external_id, period_start, period_end, orders_count, gross_cents, fees_cents, net_cents,
                                              refunds_cents, reserve_cents, adjustments_cents, status, currency, expected_date, received_date, lines_count, source)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::date, $16::date, $17, $18)
         on conflict (marketplace_id, external_id) do update
           set status = excluded.status, received_date = coalesce(excluded.received_date, marketplace_settlements.received_date), updated_at = now()
         where marketplace_settlements.status is distinct from excluded.status
         returning id, (xmax = 0) as created
       ), l as (
         insert into payout_lines (tenant_id, payout_id, marketplace_id, line_no, external_line_id, order_id, external_order_id, kind, fee_type, amount_cents, currency, description, posted_at)
         select $1, s.id, $2, u.n, u.xl, o.id, u.xo, u.k, u.f, u.a, u.c, u.d, u.p
           from s cross join unnest($20::text[], $21::text[], $22::text[], $23::text[], $24::int8[], $25::text[], $26::text[], $27::timestamptz[]) with ordinality as u(xl, xo, k, f, a, c, d, p, n)
           left join lateral (
             select x.id from orders x where x.tenant_id = $1 and x.marketplace = $19 and x.external_order_id in (u.xo, u.xo || '#1') order by x.external_order_id limit 1
           ) o on u.xo is not null
          where s.created
       )
       select id::text as id, created, (select status from old) as was from s`,
      [
        tenantId, account.id, s.externalId, s.periodStart, s.periodEnd, s.ordersCount, s.grossCents, s.feesCents, s.netCents,
        s.refundsCents, s.reserveCents, s.adjustmentsCents, s.status, s.currency, s.expectedDate, s.receivedDate, l.length, source, account.kind,
        l.map((x) => x.externalLineId), l.map((x) => x.externalOrderId), l.map((x) => x.kind), l.map((x) => x.feeType), l.map((x) => x.amountCents),
        l.map((x) => x.currency), l.map((x) => x.description), l.map((x) => x.postedAt),
      ],
    );
    const r = rows[0];
    if (!r) continue;
    out.push({ id: r.id, externalId: s.externalId, created: r.created });
    if (r.created) await appendEvent(tx, tenantId, MARKETPLACE_EVENTS.settlement, { marketplace_id: account.id, external_id: s.externalId, net_cents: s.netCents }, ids);
    else if (r.was && r.was !== s.status) await appendEvent(tx, tenantId, MARKETPLACE_EVENTS.payoutStatus, { marketplace_id: account.id, external_id: s.externalId, from: r.was, to: s.status }, ids);
  }
  return out;
}
