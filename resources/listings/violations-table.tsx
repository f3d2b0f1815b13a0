/**
 * MAP violations with their evidence (docs/marketplaces-ui.md "MAP violations"): who sold below the
 * minimum advertised price, at what price, the MAP, the gap, when first and last seen, the state and
 * the offer as last observed. Reads `GET /api/listings/violations` (default: open and notified) through
 * Refine's useTable with its state in the URL; violation events are listing events, so the listings
 * live channel refreshes it.
 */
import { Descriptions, Empty, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { VIOLATION_SOURCES, VIOLATION_STATES, type Violation } from '../../contract/listings';
import { useListTable } from '../shared/use-list-table';
import { ListStatus, emptyText } from '../shared/list-status';
import { FilterBar } from '../shared/filter-bar';
import { sortable } from '../shared/sortable';
import { dateTime, humanize } from '../shared/format';
import { moneyCents } from '../shared/format';
import { MarketplaceSelect } from './marketplace-select';
import { ViolationStateTag } from './violation-state-tag';

export const VIOLATIONS_META = { path: '/listings/violations', label: 'Violation' };
const LABELS = { state: 'State', source: 'Source', marketplace_id: 'Marketplace', listing_id: 'Listing', sku: 'SKU', sort: 'Sort' };
const SOURCE_LABEL = { own_listing: 'Your listing', competitor: 'Competitor' } as const;

function Evidence({ v }: { v: Violation }) {
  const e = v.evidence;
  return (
    <Descriptions size="small" column={3} title="Offer as last observed">
      <Descriptions.Item label="Seller">{e.seller}</Descriptions.Item>
      <Descriptions.Item label="Price">{moneyCents(e.price_cents)}</Descriptions.Item>
      <Descriptions.Item label="Shipping">{moneyCents(e.shipping_cents)}</Descriptions.Item>
      <Descriptions.Item label="Buy box">{e.is_buy_box ? 'Held' : 'Not held'}</Descriptions.Item>
      <Descriptions.Item label="Captured">{dateTime(e.captured_at)}</Descriptions.Item>
      <Descriptions.Item label="Sandbox tick">{e.tick ?? '—'}</Descriptions.Item>
      {v.notified_at && <Descriptions.Item label="Notified">{dateTime(v.notified_at)}</Descriptions.Item>}
      {v.resolved_at && <Descriptions.Item label="Resolved">{dateTime(v.resolved_at)}</Descriptions.Item>}
    </Descriptions>
  );
}

export function ViolationsTable() {
  const { tableProps, tableQuery, filters, sorters, setFilter, clearFilters, filterValue, retrying, refused } = useListTable<Violation>({
    resource: 'listings',
    meta: VIOLATIONS_META,
  });
  const state = filterValue('state')?.split(',').filter(Boolean) ?? [];
  const listingId = filterValue('listing_id');
  const sku = filterValue('sku');

  const columns: ColumnsType<Violation> = [
    {
      title: 'SKU',
      dataIndex: 'sku',
      width: 160,
      render: (s: string, v) => (
        <>
          <Link to={`/products?sku=${encodeURIComponent(s)}`}>{s}</Link>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {v.product_title}
            </Typography.Text>
          </div>
        </>
      ),
    },
    { title: 'Marketplace', dataIndex: 'marketplace_name', width: 160 },
    {
      title: 'Who',
      dataIndex: 'seller',
      width: 170,
      render: (s: string, v) => (
        <>
          {v.source === 'own_listing' ? <Tag color="blue">You</Tag> : s}
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {SOURCE_LABEL[v.source]}
            </Typography.Text>
          </div>
        </>
      ),
    },
    { title: 'Observed', dataIndex: 'observed_price_cents', align: 'right', width: 110, render: (c: number) => <Typography.Text type="danger">{moneyCents(c)}</Typography.Text> },
    { title: 'MAP', dataIndex: 'map_price_cents', align: 'right', width: 100, render: (c: number) => moneyCents(c) },
    {
      title: 'Gap',
      ...sortable('gap', sorters),
      dataIndex: 'gap_cents',
      align: 'right',
      width: 130,
      render: (c: number, v) => `${moneyCents(c)} (${v.gap_pct.toFixed(1)}%)`,
    },
    { title: 'First seen', ...sortable('first_seen_at', sorters), width: 140, render: (d: string) => dateTime(d) },
    { title: 'Last seen', ...sortable('last_seen_at', sorters), width: 140, render: (d: string) => dateTime(d) },
    { title: 'State', dataIndex: 'state', width: 100, render: (s: Violation['state']) => <ViolationStateTag state={s} /> },
  ];

  return (
    <>
      <FilterBar search={filterValue('search')} onSearch={(v) => setFilter('search', v)} placeholder="Search title or SKU" active={filters.length > 0} onClear={clearFilters}>
        {listingId && (
          <Tag closable color="blue" onClose={() => setFilter('listing_id', undefined)}>
            One listing
          </Tag>
        )}
        {sku && (
          <Tag closable color="blue" onClose={() => setFilter('sku', undefined)}>
            SKU: {sku}
          </Tag>
        )}
        <MarketplaceSelect aria-label="Marketplace" style={{ width: 220 }} value={filterValue('marketplace_id')} onChange={(v) => setFilter('marketplace_id', (v as string | undefined) ?? undefined)} />
        <Select
          aria-label="State"
          placeholder="Open and notified"
          mode="multiple"
          allowClear
          style={{ width: 220 }}
          value={state}
          onChange={(v: string[]) => setFilter('state', v.length ? v.join(',') : undefined)}
          options={VIOLATION_STATES.map((s) => ({ value: s, label: humanize(s) }))}
        />
        <Select
          aria-label="Source"
          placeholder="Who"
          allowClear
          style={{ width: 160 }}
          value={filterValue('source')}
          onChange={(v?: string) => setFilter('source', v)}
          options={VIOLATION_SOURCES.map((s) => ({ value: s, label: SOURCE_LABEL[s] }))}
        />
      </FilterBar>
      <ListStatus what="MAP violations" query={tableQuery} retrying={retrying} refused={refused} labels={LABELS} />
      <Table<Violation>
        {...tableProps}
        rowKey="id"
        size="middle"
        scroll={{ x: 1200 }}
        columns={columns}
        expandable={{ expandedRowRender: (v) => <Evidence v={v} /> }}
        locale={{
          emptyText: emptyText(
            tableQuery,
            retrying,
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={filters.length ? 'No MAP violations match these filters' : 'No open MAP violations: every observed price is at or above its MAP'}
            />,
          ),
        }}
      />
    </>
  );
}
