/**
 * Payouts API (docs/payouts.md "API"; access `read:capital`): the marketplaces' payouts as a
 * server-side table (filters, sort, search by payout id, pages), one payout with its lines and its
 * totals by kind, the filtered view as CSV, and net paid per week by marketplace for the chart.
 * Payouts are written by the connectors' sync (./store.ts) and by uploads, never here.
 */
import { defineModule, type ApiModule } from '../module';
import { list, one } from '../kit';
import { notFound } from '../errors';
import { listAnswer, oneAnswer } from '../../../contract/api';
import {
  payoutDetail, payoutDetailQuery, payoutListQuery, payoutParams, payoutRow, payoutsPermissions, payoutWeeklyQuery, payoutWeekRow,
} from '../../../contract/payouts';
import { centsToDecimal } from '../../../contract/money';
import { EXPORT_PAGE, streamCsv } from '../imports/csv-export';
import { getPayout, listPayouts, weeklyNet } from './queries';

export const PAYOUT_EXPORT_COLUMNS = [
  'Payout ID', 'Marketplace', 'Account', 'Period Start', 'Period End', 'Status', 'Currency', 'Orders', 'Gross', 'Fees', 'Refunds',
  'Reserve', 'Adjustments', 'Net', 'Expected Date', 'Received Date', 'Lines', 'Source',
] as const;

const READ = payoutsPermissions.payouts.read;

const payouts: ApiModule = (api) => {
  api.route({
    method: 'GET',
    url: '/payouts',
    access: READ,
    query: payoutListQuery,
    answer: listAnswer(payoutRow),
    async handler({ tx, auth, query }) {
      const { rows, total } = await listPayouts(tx, auth.tenantId, query);
      return list(rows, total, query.limit, query.offset);
    },
  });

  api.route({
    method: 'GET',
    url: '/payouts/export.csv',
    access: READ,
    query: payoutListQuery,
    noTransaction: true,
    async handler({ auth, query, req, reply }) {
      await streamCsv(api.services.db, auth, req, reply, {
        filename: 'payouts.csv',
        fields: PAYOUT_EXPORT_COLUMNS,
        // pages of the filtered view in its order; the cursor is the next page's offset
        async page(tx, cursor) {
          const offset = Number(cursor ?? 0);
          const { rows } = await listPayouts(tx, auth.tenantId, { ...query, limit: EXPORT_PAGE, offset });
          const usd = (c: number) => centsToDecimal(c);
          return {
            rows: rows.map((p) => [
              p.external_id, p.marketplace, p.account_name, p.period_start, p.period_end, p.status, p.currency, p.orders_count,
              usd(p.gross_cents), usd(p.fees_cents), usd(p.refunds_cents), usd(p.reserve_cents), usd(p.adjustments_cents), usd(p.net_cents),
              p.expected_date ?? '', p.received_date ?? '', p.lines_count, p.source,
            ]),
            next: rows.length === EXPORT_PAGE ? String(offset + EXPORT_PAGE) : null,
          };
        },
      });
    },
  });

  api.route({
    method: 'GET',
    url: '/payouts/weekly',
    access: READ,
    query: payoutWeeklyQuery,
    answer: listAnswer(payoutWeekRow),
    async handler({ tx, auth, query }) {
      const rows = await weeklyNet(tx, auth.tenantId, query.weeks);
      return list(rows, rows.length, rows.length, 0);
    },
  });

  api.route({
    method: 'GET',
    url: '/payouts/:id',
    access: READ,
    params: payoutParams,
    query: payoutDetailQuery,
    answer: oneAnswer(payoutDetail),
    async handler({ tx, auth, params, query }) {
      const p = await getPayout(tx, auth.tenantId, params.id, query);
      if (!p) throw notFound('Payout');
      return one(p);
    },
  });
};

export default defineModule({ name: 'payouts', routes: payouts });
