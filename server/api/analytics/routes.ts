/**
 * Analytics API (docs/analytics.md; access `read:analytics`, every role): the period's summary with
 * an optional comparison to the period before or to the same days of the month before, a time series in day, week or month buckets, and a
 * breakdown by marketplace, supplier or product, paged and sorted by the database, with its CSV export.
 * Its consumer keeps the daily rollup the summary and time series read (./rollup.ts).
 */
import { defineModule, type ApiModule } from '../module';
import { list, one } from '../kit';
import { listAnswer, oneAnswer } from '../../../contract/api';
import {
  analyticsBreakdownExportQuery, analyticsBreakdownQuery, analyticsBreakdownRow, analyticsPermissions, analyticsSummary, analyticsSummaryQuery,
  analyticsTimeseries, analyticsTimeseriesQuery, bucketsOf, changeOf, previousPeriod, ZERO_FIGURES,
} from '../../../contract/analytics';
import { centsToDecimal } from '../../../contract/money';
import { netRevenueCents, sameDaysLastMonth } from '../../../contract/month-change';
import { streamCsv, EXPORT_PAGE } from '../imports/csv-export';
import { breakdownOf, bucketsFigures, summaryOf } from './queries';
import { analyticsRollupConsumer } from './rollup';
import { requireFlag } from '../flags/repository';

const READ = analyticsPermissions.analytics.read;
const BREAKDOWNS = 'The analytics breakdowns (by marketplace, supplier, product)';

export const BREAKDOWN_EXPORT_COLUMNS = [
  'Key', 'Name', 'Orders', 'Units', 'Revenue', 'Marketplace fees', 'Supplier cost', 'Shipping', 'Refunds', 'Net margin', 'Net margin %',
  'Orders in the margin', 'Orders with costs unknown',
] as const;

const analytics: ApiModule = (api) => {
  api.route({
    method: 'GET',
    url: '/analytics/summary',
    access: READ,
    query: analyticsSummaryQuery,
    answer: oneAnswer(analyticsSummary),
    async handler({ tx, auth, query }) {
      const figures = await summaryOf(tx, auth.tenantId, query.from, query.to);
      if (query.compare === 'none') return one({ from: query.from, to: query.to, figures, previous: null, change: null });
      // the same rollup and detail as this period's figures, over the period compared with
      const before = query.compare === 'month' ? sameDaysLastMonth(query.from, query.to) : previousPeriod(query.from, query.to);
      const previous = await summaryOf(tx, auth.tenantId, before.from, before.to);
      return one({
        from: query.from, to: query.to, figures,
        previous: { ...before, figures: previous, net_revenue_cents: netRevenueCents(previous) },
        change: changeOf(figures, previous),
      });
    },
  });

  api.route({
    method: 'GET',
    url: '/analytics/timeseries',
    access: READ,
    query: analyticsTimeseriesQuery,
    answer: oneAnswer(analyticsTimeseries),
    async handler({ tx, auth, query }) {
      const found = await bucketsFigures(tx, auth.tenantId, query.from, query.to, query.interval);
      // every bucket of the period, those without orders at zero
      const points = bucketsOf(query.from, query.to, query.interval).map((b) => {
        const f = found.get(b.key) ?? ZERO_FIGURES;
        return { bucket: b.key, start: b.start, end: b.end, ...f, value: f[query.metric] };
      });
      return one({ from: query.from, to: query.to, interval: query.interval, metric: query.metric, points });
    },
  });

  api.route({
    method: 'GET',
    url: '/analytics/breakdown',
    access: READ,
    query: analyticsBreakdownQuery,
    answer: listAnswer(analyticsBreakdownRow),
    async handler({ tx, auth, query }) {
      // the breakdowns beyond the summary are advanced analytics (docs/settings.md "Feature flags")
      await requireFlag(tx, auth.tenantId, 'enableAdvancedAnalytics', BREAKDOWNS);
      const { rows, total } = await breakdownOf(tx, auth.tenantId, query);
      return list(rows, total, query.limit, query.offset);
    },
  });

  api.route({
    method: 'GET',
    url: '/analytics/breakdown/export.csv',
    access: READ,
    query: analyticsBreakdownExportQuery,
    noTransaction: true,
    async handler({ auth, query, req, reply }) {
      await api.services.db.transaction((tx) => requireFlag(tx, auth.tenantId, 'enableAdvancedAnalytics', BREAKDOWNS), { tenantId: auth.tenantId });
      await streamCsv(api.services.db, auth, req, reply, {
        filename: `analytics-${query.by}.csv`,
        fields: BREAKDOWN_EXPORT_COLUMNS,
        async page(tx, cursor) {
          const offset = cursor === null ? 0 : Number(cursor);
          const { rows, total } = await breakdownOf(tx, auth.tenantId, { ...query, limit: EXPORT_PAGE, offset });
          const usd = centsToDecimal;
          return {
            rows: rows.map((r) => [
              r.key ?? '', r.label, r.orders, r.units, usd(r.revenue_cents), usd(r.fees_cents), usd(r.supplier_cents), usd(r.shipping_cents),
              usd(r.refunds_cents), r.net_margin_cents === null ? 'unknown' : usd(r.net_margin_cents), r.net_margin_percent ?? '',
              r.margin_orders, r.unknown_cost_orders,
            ]),
            next: offset + EXPORT_PAGE < total ? String(offset + EXPORT_PAGE) : null,
          };
        },
      });
    },
  });
};

export default defineModule({ name: 'analytics', routes: analytics, consumers: [analyticsRollupConsumer] });
