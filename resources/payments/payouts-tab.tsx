/**
 * /payments → Payouts (docs/payouts.md "Console"): the marketplaces' payouts as a server-side table
 * (marketplace, account, status and period filters, search by payout id, sort, pages — all in the
 * URL), CSV export of the filtered view, and net paid per week by marketplace (a chart loaded on
 * demand). A payout's id opens its lines (`?payout=<id>`, ./payout-drawer.tsx).
 */
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useList } from '@refinedev/core';
import { DatePicker, Empty, Select, Skeleton, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useListTable } from '../shared/use-list-table';
import { FilterBar } from '../shared/filter-bar';
import { sortable } from '../shared/sortable';
import { ListStatus, emptyText } from '../shared/list-status';
import { ExportCsvButton } from '../shared/export-csv-button';
import { dateTime, moneyCents } from '../shared/format';
import { MARKETPLACES, MARKETPLACE_LABEL } from '../../contract/orders';
import { PAYOUT_STATUSES, PAYOUT_STATUS_LABEL, type PayoutRow, type PayoutStatus } from '../../contract/payouts';
import type { MarketplaceAccount } from '../../contract/marketplaces';

const PayoutsChart = lazy(() => import('./payouts-chart'));

const FILTER_LABELS = { marketplace: 'Marketplace', marketplace_id: 'Account', status: 'Status', from: 'From', to: 'To', sort: 'Sort' };
export const STATUS_COLOR: Record<PayoutStatus, string> = { scheduled: 'default', in_transit: 'blue', paid: 'green', failed: 'red' };
const ACCOUNTS = { pagination: { currentPage: 1, pageSize: 100 }, errorNotification: false } as const;

/** A day (YYYY-MM-DD) as the console writes dates. */
export const day = (d: string | null) => (d ? dayjs(d).format('MMM D, YYYY') : '—');

export function PayoutsTab() {
  const [q] = useSearchParams();
  const { tableProps, tableQuery, filters, sorters, setFilter, clearFilters, filterValue, retrying, refused } = useListTable<PayoutRow>({ resource: 'payouts' });
  const accounts = useList<MarketplaceAccount>({ resource: 'marketplaces', ...ACCOUNTS });
  const from = filterValue('from');
  const to = filterValue('to');
  const open = (id: string) => {
    const next = new URLSearchParams(q);
    next.set('payout', id);
    return `?${next.toString()}`;
  };
  const money = (key: keyof PayoutRow, title: string, sort = false) => ({
    title, key, align: 'right' as const, width: 110, ...(sort ? sortable(key, sorters) : {}),
    render: (_: unknown, p: PayoutRow) => moneyCents(p[key] as number, p.currency),
  });

  const columns: TableColumnsType<PayoutRow> = [
    { title: 'Payout', key: 'external_id', width: 170, render: (_: unknown, p) => <Link to={open(p.id)} aria-label={`Open payout ${p.external_id}`}>{p.external_id}</Link> },
    {
      title: 'Marketplace', key: 'marketplace', width: 160,
      render: (_: unknown, p) => (
        <>
          <div>{MARKETPLACE_LABEL[p.marketplace]}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{p.account_name}</Typography.Text>
        </>
      ),
    },
    { title: 'Period', ...sortable('period_end', sorters), width: 200, render: (_: unknown, p) => `${dateTime(p.period_start)} – ${dateTime(p.period_end)}` },
    { title: 'Status', key: 'status', width: 110, render: (_: unknown, p) => <Tag color={STATUS_COLOR[p.status]}>{PAYOUT_STATUS_LABEL[p.status]}</Tag> },
    money('gross_cents', 'Gross', true),
    money('fees_cents', 'Fees'),
    money('refunds_cents', 'Refunds'),
    money('reserve_cents', 'Reserve'),
    money('net_cents', 'Net', true),
    { title: 'Expected', ...sortable('expected_date', sorters), width: 120, render: (_: unknown, p) => day(p.expected_date) },
    { title: 'Received', ...sortable('received_date', sorters), width: 120, render: (_: unknown, p) => day(p.received_date) },
    { title: 'Lines', dataIndex: 'lines_count', align: 'right', width: 70 },
  ];

  return (
    <>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
        <PayoutsChart />
      </Suspense>
      <FilterBar search={filterValue('search')} onSearch={(v) => setFilter('search', v)} placeholder="Search payout id" active={filters.length > 0} onClear={clearFilters}>
        <Select aria-label="Marketplace" placeholder="Marketplace" allowClear style={{ width: 150 }} value={filterValue('marketplace')} onChange={(v?: string) => setFilter('marketplace', v)}
          options={MARKETPLACES.map((m) => ({ value: m, label: MARKETPLACE_LABEL[m] }))} />
        <Select aria-label="Account" placeholder="Account" allowClear style={{ width: 200 }} value={filterValue('marketplace_id')} onChange={(v?: string) => setFilter('marketplace_id', v)}
          loading={accounts.query.isLoading}
          options={(accounts.result?.data ?? []).map((a) => ({ value: a.id, label: `${a.name} (${MARKETPLACE_LABEL[a.kind]})` }))} />
        <Select aria-label="Status" placeholder="Status" allowClear style={{ width: 140 }} value={filterValue('status')} onChange={(v?: string) => setFilter('status', v)}
          options={PAYOUT_STATUSES.map((s) => ({ value: s, label: PAYOUT_STATUS_LABEL[s] }))} />
        <DatePicker.RangePicker
          aria-label="Period ends between"
          allowEmpty={[true, true]}
          value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
          onChange={(range) => {
            setFilter('from', range?.[0]?.format('YYYY-MM-DD'));
            setFilter('to', range?.[1]?.format('YYYY-MM-DD'));
          }}
        />
        <Space>
          <ExportCsvButton path="/payouts/export.csv" stem="payouts" filters={filters} sorters={sorters} />
        </Space>
      </FilterBar>
      <ListStatus what="payouts" query={tableQuery} retrying={retrying} refused={refused} labels={FILTER_LABELS} />
      <Table<PayoutRow>
        {...tableProps}
        rowKey="id"
        scroll={{ x: 1500 }}
        locale={{ emptyText: emptyText(tableQuery, retrying, <Empty description={filters.length ? 'No payouts match these filters' : 'No payouts yet: they arrive from your marketplaces on their schedule'} />) }}
        columns={columns}
      />
    </>
  );
}
