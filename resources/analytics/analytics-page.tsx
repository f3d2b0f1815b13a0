/**
 * /analytics — docs/analytics.md: a period (UTC days) with its comparison to the period before, the
 * summary's figures and their change, the charts (their own chunk) and the breakdowns by marketplace,
 * supplier and product, paged and sorted by the server, each with its CSV export. Figures are cents
 * written en-US through contract/money.ts. The period, comparison, grouping and breakdown live in the
 * URL (./url-state.ts): a reload or a shared link opens the same view. A net margin without any
 * order's costs known reads "Unknown", and the orders left out of it are counted.
 */
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCustom, type BaseRecord } from '@refinedev/core';
import { Alert, Card, Col, DatePicker, Empty, Row, Segmented, Skeleton, Space, Statistic, Switch, Table, Tabs, Typography } from 'antd';
import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { PageHeader } from '../../src/shell/page-header';
import { LoadError } from '../shared/list-error';
import { ExportCsvButton } from '../shared/export-csv-button';
import { formatCents } from '../../contract/money';
import { periodDays, type AnalyticsBreakdownRow, type AnalyticsSummary, type AnalyticsTimeseries, type BreakdownBy, type FigureKey, type Interval } from '../../contract/analytics';
import { PAGE } from '../../contract/constants';
import type { ListResponse } from '../../contract/api';
import { viewOf, withView } from './url-state';
import { useFlagValues } from '../../providers/flags';

const Charts = lazy(() => import('./analytics-charts'));

const FIGURES: { key: FigureKey; title: string; money: boolean; lowerIsBetter?: boolean }[] = [
  { key: 'revenue_cents', title: 'Revenue', money: true },
  { key: 'net_margin_cents', title: 'Net margin', money: true },
  { key: 'orders', title: 'Orders', money: false },
  { key: 'units', title: 'Units', money: false },
  { key: 'fees_cents', title: 'Marketplace fees', money: true, lowerIsBetter: true },
  { key: 'supplier_cents', title: 'Supplier cost', money: true, lowerIsBetter: true },
  { key: 'shipping_cents', title: 'Shipping', money: true, lowerIsBetter: true },
  { key: 'refunds_cents', title: 'Refunds', money: true, lowerIsBetter: true },
];

const show = (money: boolean, v: number | null) => (v === null ? 'Unknown' : money ? formatCents(v) : v.toLocaleString('en-US'));

/** What the net margin covers: its percent of those orders' revenue, and the orders left out because a cost is not known yet. */
function MarginNote({ figures: f }: { figures: AnalyticsSummary['figures'] }) {
  const left = f.unknown_cost_orders > 0 ? `${f.unknown_cost_orders.toLocaleString('en-US')} of ${f.orders.toLocaleString('en-US')} orders left out: costs not known yet` : null;
  return (
    <div>
      <Typography.Text type="secondary">
        {f.net_margin_percent === null ? 'No order has all its costs known yet' : `${f.net_margin_percent} % of revenue`}
      </Typography.Text>
      {left && f.net_margin_percent !== null && <div><Typography.Text type="secondary">{left}</Typography.Text></div>}
      {left && f.net_margin_percent === null && <div><Typography.Text type="secondary">{`${f.unknown_cost_orders.toLocaleString('en-US')} orders without a purchase order, a label or with a return open`}</Typography.Text></div>}
    </div>
  );
}

function useAnalytics<T extends BaseRecord>(url: string, query: Record<string, string | number>, enabled = true) {
  return useCustom<T>({ url, method: 'get', config: { query }, queryOptions: { enabled } });
}

function Breakdown({ by, from, to, title }: { by: BreakdownBy; from: string; to: string; title: string }) {
  const [page, setPage] = useState<{ current: number; pageSize: number }>({ current: 1, pageSize: PAGE.defaultSize });
  const [sort, setSort] = useState<{ field: string; order: 'asc' | 'desc' }>({ field: 'net_margin_cents', order: 'desc' });
  const { query, result } = useAnalytics<ListResponse<AnalyticsBreakdownRow>>('/analytics/breakdown', {
    from, to, by, sort: sort.field, order: sort.order, limit: page.pageSize, offset: (page.current - 1) * page.pageSize,
  });
  const rows = result?.data?.data ?? [];
  const total = result?.data?.pagination?.total ?? 0;
  const sortOrder = (f: string) => (sort.field === f ? (sort.order === 'asc' ? 'ascend' as const : 'descend' as const) : null);
  const moneyCol = (key: FigureKey, title: string) => ({
    key, dataIndex: key, title, align: 'right' as const, sorter: true, sortOrder: sortOrder(key), render: (v: number | null) => (v === null ? 'Unknown' : formatCents(v)),
  });
  const onChange = (p: TablePaginationConfig, _f: unknown, s: SorterResult<AnalyticsBreakdownRow> | SorterResult<AnalyticsBreakdownRow>[]) => {
    const one = Array.isArray(s) ? s[0] : s;
    setPage({ current: p.current ?? 1, pageSize: p.pageSize ?? PAGE.defaultSize });
    if (one?.order && one.columnKey) setSort({ field: String(one.columnKey), order: one.order === 'ascend' ? 'asc' : 'desc' });
  };
  return (
    <Card
      title={title}
      extra={<ExportCsvButton path="/analytics/breakdown/export.csv" stem={`analytics-${by}`} filters={[{ field: 'from', operator: 'eq', value: from }, { field: 'to', operator: 'eq', value: to }, { field: 'by', operator: 'eq', value: by }]} sorters={[sort]} />}
    >
      {query.isError && <LoadError what={`the ${by} breakdown`} error={query.error} onRetry={() => query.refetch()} />}
      <Table<AnalyticsBreakdownRow>
        size="small"
        rowKey={(r) => r.key ?? '(none)'}
        loading={query.isLoading}
        dataSource={rows}
        onChange={onChange}
        locale={{ emptyText: query.isError ? 'Could not load' : 'No orders in this period' }}
        pagination={{ current: page.current, pageSize: page.pageSize, total, showSizeChanger: true }}
        columns={[
          { key: 'label', dataIndex: 'label', title: by === 'marketplace' ? 'Marketplace' : by === 'supplier' ? 'Supplier' : 'Product', sorter: true, sortOrder: sortOrder('label') },
          { key: 'orders', dataIndex: 'orders', title: 'Orders', align: 'right', sorter: true, sortOrder: sortOrder('orders') },
          { key: 'units', dataIndex: 'units', title: 'Units', align: 'right', sorter: true, sortOrder: sortOrder('units') },
          moneyCol('revenue_cents', 'Revenue'),
          moneyCol('fees_cents', 'Fees'),
          moneyCol('supplier_cents', 'Supplier cost'),
          moneyCol('shipping_cents', 'Shipping'),
          moneyCol('refunds_cents', 'Refunds'),
          moneyCol('net_margin_cents', 'Net margin'),
          { key: 'net_margin_percent', dataIndex: 'net_margin_percent', title: 'Margin %', align: 'right', render: (v: number | null) => (v === null ? '—' : `${v} %`) },
        ]}
      />
    </Card>
  );
}

export default function AnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const view = viewOf(params);
  const period = { from: view.from, to: view.to };
  const { compare, interval } = view;
  const set = (change: Parameters<typeof withView>[1]) => setParams((p) => withView(p, change), { replace: true });
  const days = periodDays(period.from, period.to);
  const effective: Interval = interval === 'day' && days > 120 ? 'week' : interval;
  const range = { from: period.from, to: period.to };
  const summary = useAnalytics<{ data: AnalyticsSummary }>('/analytics/summary', { ...range, compare: compare ? 'previous' : 'none' });
  const series = useAnalytics<{ data: AnalyticsTimeseries }>('/analytics/timeseries', { ...range, interval: effective, metric: 'revenue_cents' });
  const top = (by: BreakdownBy) => ({ ...range, by, sort: by === 'marketplace' ? 'fees_cents' : 'net_margin_cents', order: 'desc', limit: 10, offset: 0 });
  // the breakdowns are advanced analytics: asked for only while the store's flag is on (docs/settings.md "Feature flags")
  const advanced = useFlagValues().enableAdvancedAnalytics;
  const mps = useAnalytics<ListResponse<AnalyticsBreakdownRow>>('/analytics/breakdown', top('marketplace'), advanced);
  const products = useAnalytics<ListResponse<AnalyticsBreakdownRow>>('/analytics/breakdown', top('product'), advanced);
  const suppliers = useAnalytics<ListResponse<AnalyticsBreakdownRow>>('/analytics/breakdown', top('supplier'), advanced);
  const s = summary.result?.data?.data;
  const empty = s && s.figures.orders === 0;

  return (
    <>
      <PageHeader title="Analytics" subtitle="Sales, margin and marketplace performance over time" />
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker
          aria-label="Period"
          allowClear={false}
          value={[dayjs(period.from), dayjs(period.to)]}
          maxDate={dayjs()}
          onChange={(v) => {
            if (v?.[0] && v[1]) set({ from: v[0].format('YYYY-MM-DD'), to: v[1].format('YYYY-MM-DD') });
          }}
        />
        <Space>
          <Switch checked={compare} onChange={(on) => set({ compare: on })} aria-label="Compare with the previous period" />
          <Typography.Text>Compare with the previous period</Typography.Text>
        </Space>
        <Segmented<Interval> aria-label="Interval" value={effective} onChange={(i) => set({ interval: i })} options={[{ value: 'day', label: 'Day' }, { value: 'week', label: 'Week' }, { value: 'month', label: 'Month' }]} />
      </Space>
      {summary.query.isError && <LoadError what="the analytics" error={summary.query.error} onRetry={() => summary.query.refetch()} />}
      {summary.query.isLoading && <Skeleton active />}
      {s && (
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
          {FIGURES.map((f) => {
            const c = s.change?.[f.key];
            const delta = c?.delta ?? null;
            const up = delta !== null && delta > 0;
            const good = delta !== null && delta !== 0 ? up !== Boolean(f.lowerIsBetter) : null;
            return (
              <Col key={f.key} xs={12} md={6}>
                <Card size="small">
                  <Statistic title={f.title} value={show(f.money, s.figures[f.key])} />
                  {f.key === 'net_margin_cents' && <MarginNote figures={s.figures} />}
                  {c && delta !== null && s.previous && (
                    <div>
                      <Typography.Text type={good === null ? 'secondary' : good ? 'success' : 'danger'}>
                        {delta > 0 ? '+' : ''}{show(f.money, delta)}{c.percent === null ? '' : ` (${c.percent > 0 ? '+' : ''}${c.percent} %)`}
                      </Typography.Text>{' '}
                      <Typography.Text type="secondary">vs {show(f.money, s.previous.figures[f.key])}</Typography.Text>
                    </div>
                  )}
                </Card>
              </Col>
            );
          })}
        </Row>
      )}
      {empty && <Empty description="No orders in this period" style={{ marginBottom: 16 }} />}
      {s && !empty && (
        <Suspense fallback={<Skeleton active />}>
          {series.query.isError ? (
            <LoadError what="the time series" error={series.query.error} onRetry={() => series.query.refetch()} />
          ) : (
            <Charts
              points={series.result?.data?.data?.points ?? []}
              marketplaces={mps.result?.data?.data ?? []}
              products={products.result?.data?.data ?? []}
              suppliers={suppliers.result?.data?.data ?? []}
              breakdowns={advanced}
            />
          )}
        </Suspense>
      )}
      {!advanced ? (
        <Alert
          type="info"
          showIcon
          message="Breakdowns by marketplace, supplier and product are advanced analytics, turned off for your store."
          description="An administrator can turn them on under Feature Flags (enableAdvancedAnalytics)."
        />
      ) : (
        <Tabs
          activeKey={view.by}
          onChange={(k) => set({ by: k as BreakdownBy })}
          items={[
            { key: 'marketplace', label: 'By marketplace', children: <Breakdown by="marketplace" {...range} title="Marketplaces" /> },
            { key: 'supplier', label: 'By supplier', children: <Breakdown by="supplier" {...range} title="Suppliers" /> },
            { key: 'product', label: 'By product', children: <Breakdown by="product" {...range} title="Products" /> },
          ]}
        />
      )}
    </>
  );
}
