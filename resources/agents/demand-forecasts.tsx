/**
 * The demand forecasts on /agents (docs/agents.md "Demand forecasting"): GET /agents/demand/forecasts,
 * paged, sorted and searched by SKU on the server (state in the URL); each row's sentence says where
 * its numbers come from (velocity, lead time, open purchase orders, pack size, service level).
 */
import { Select, Table, Tag, Typography } from 'antd';
import type { ForecastRow } from '../../contract/agents';
import { FilterBar } from '../shared/filter-bar';
import { emptyText, ListStatus } from '../shared/list-status';
import { useListTable } from '../shared/use-list-table';
import { sortable } from '../shared/sortable';

const num = (v: number | null, suffix = '') => (v === null ? '—' : `${v.toLocaleString('en-US')}${suffix}`);

export function DemandForecasts() {
  const { tableProps, tableQuery, filters, sorters, setFilter, clearFilters, filterValue, retrying, refused } = useListTable<ForecastRow>({
    resource: 'agents',
    meta: { path: '/agents/demand/forecasts' },
  });
  return (
    <section aria-label="Demand forecasts" style={{ marginTop: 24 }}>
      <Typography.Title level={2} style={{ fontSize: 18 }}>Demand forecasts</Typography.Title>
      <FilterBar search={filterValue('search')} onSearch={(v) => setFilter('search', v)} placeholder="Search by SKU or product" active={filters.length > 0} onClear={clearFilters}>
        <Select aria-label="Fulfilment" placeholder="Fulfilment" allowClear style={{ minWidth: 150 }} value={filterValue('mode')} onChange={(v?: string) => setFilter('mode', v)}
          options={[{ value: 'stocked', label: 'You stock it' }, { value: 'dropship', label: 'Dropshipped' }]} />
        <Select aria-label="Warnings" placeholder="Warnings" allowClear style={{ minWidth: 150 }} value={filterValue('warning')} onChange={(v?: string) => setFilter('warning', v)}
          options={[{ value: 'true', label: 'With a warning' }, { value: 'false', label: 'No warning' }]} />
      </FilterBar>
      <ListStatus what="the demand forecasts" query={tableQuery} retrying={retrying} refused={refused} labels={{ mode: 'Fulfilment', warning: 'Warnings' }} />
      <Table<ForecastRow>
        {...tableProps}
        rowKey="variant_id"
        size="small"
        aria-label="Demand forecasts"
        locale={{ emptyText: emptyText(tableQuery, retrying, 'No forecasts yet: run Demand Forecasting.') }}
        expandable={{ expandedRowRender: (r) => <Typography.Paragraph style={{ margin: 0 }}>{r.summary}</Typography.Paragraph> }}
        columns={[
          { ...sortable('sku', sorters), title: 'SKU' },
          { key: 'title', dataIndex: 'title', title: 'Product' },
          { key: 'mode', title: 'Fulfilment', render: (_, r) => (r.mode === 'stocked' ? 'You stock it' : 'Dropshipped') },
          { ...sortable('daily_demand', sorters), title: 'Sells a day', render: (v: number, r) => `${v}${r.slow_mover ? ' (slow mover)' : ''}` },
          { ...sortable('forecast_28d', sorters), title: 'Next 28 days' },
          { ...sortable('days_of_cover', sorters), title: 'Days of cover', render: (v: number | null) => num(v) },
          { key: 'reorder_point', dataIndex: 'reorder_point', title: 'Reorder at', render: (v: number | null) => num(v) },
          { ...sortable('reorder_quantity', sorters), title: 'Order now', render: (v: number | null) => num(v) },
          { key: 'warning', dataIndex: 'warning', title: 'Warning', render: (v: string | null) => (v ? <Tag color="warning" style={{ whiteSpace: 'normal' }}>{v}</Tag> : '—') },
        ]}
      />
    </section>
  );
}
