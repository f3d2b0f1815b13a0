/**
 * The listings table (docs/marketplaces-ui.md "Listings"): server-side pages, sort and filters kept in
 * the URL (Refine's useTable through resources/shared/use-list-table.ts), bulk actions on the
 * selection, and the listing drawer (`?id=`). Used by /listings and by the Listings tab of /catalog.
 * Live: listing events refresh it through the module's live channel (Refine liveMode auto).
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Empty, Flex, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { WarningOutlined } from '@ant-design/icons';
import { MARKETPLACE_LABEL, type MarketplaceKind } from '../../contract/marketplaces';
import type { Listing } from '../../contract/listings';
import { useListTable } from '../shared/use-list-table';
import { ListStatus, emptyText } from '../shared/list-status';
import { sortable } from '../shared/sortable';
import { dateTime } from '../shared/format';
import { moneyCents } from '../shared/format';
import { ListingFilters, LISTING_FILTER_LABELS } from './listing-filters';
import { ListingBulkActions } from './listing-bulk';
import { ListingDrawer, quantityRuleText } from './listing-drawer';
import { ListingStatusTag, SyncStateTag } from './listing-status-tag';

export function ListingsTable() {
  const { tableProps, tableQuery, filters, sorters, setFilter, clearFilters, filterValue, retrying, refused } = useListTable<Listing>({ resource: 'listings' });
  const [selected, setSelected] = useState<Listing[]>([]);
  const [searchParams, setSearchParams] = useSearchParams();
  const openId = searchParams.get('id');
  const setOpen = (id: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (id) next.set('id', id);
    else next.delete('id');
    setSearchParams(next, { replace: true });
  };
  const violationsOnly = filterValue('violations') === 'true';

  const columns: ColumnsType<Listing> = [
    {
      title: 'Listing',
      ...sortable('title', sorters),
      width: 280,
      render: (title: string, l) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Button type="link" style={{ padding: 0, height: 'auto', textAlign: 'left', whiteSpace: 'normal', alignSelf: 'flex-start' }} onClick={() => setOpen(l.id)} aria-label={`Open listing ${title} on ${l.marketplace_name}`}>
            {title}
          </Button>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {l.sku}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Marketplace',
      dataIndex: 'marketplace_name',
      width: 180,
      render: (name: string, l) => (
        <Flex vertical gap={2}>
          <span>{name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {MARKETPLACE_LABEL[l.marketplace_kind as MarketplaceKind] ?? l.marketplace_kind}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Status',
      ...sortable('status', sorters),
      dataIndex: 'status',
      width: 170,
      render: (_: unknown, l) => (
        <Flex gap={4} wrap>
          <ListingStatusTag status={l.status} />
          <SyncStateTag state={l.sync_state} />
          {l.status === 'error' && l.feed_message && (
            <Tooltip title={l.feed_message}>
              {/* bounded: a message on one line would otherwise widen the column to its full length */}
              <Typography.Text type="danger" style={{ fontSize: 12, maxWidth: 160 }} ellipsis>
                {l.feed_message}
              </Typography.Text>
            </Tooltip>
          )}
        </Flex>
      ),
    },
    {
      title: 'Price',
      ...sortable('price', sorters),
      dataIndex: 'price_cents',
      align: 'right',
      width: 130,
      render: (v: number, l) => (
        <Flex vertical align="flex-end" gap={2}>
          <span>{moneyCents(v)}</span>
          {l.map_price_cents !== null && (
            <Typography.Text type={v < l.map_price_cents ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
              MAP {moneyCents(l.map_price_cents)}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: 'Quantity',
      ...sortable('quantity', sorters),
      align: 'right',
      width: 110,
      render: (v: number, l) => <span title={quantityRuleText(l.quantity_rule)}>{v}</span>,
    },
    {
      title: 'Buy box',
      dataIndex: 'buy_box_owner',
      width: 140,
      render: (o: string | null, l) => (o === 'you' ? <Tag color="gold">You</Tag> : o ? <span title={moneyCents(l.buy_box_price_cents)}>{o}</span> : <Typography.Text type="secondary">—</Typography.Text>),
    },
    {
      title: 'MAP',
      dataIndex: 'open_violations',
      width: 110,
      render: (n: number) =>
        n > 0 ? (
          <Tag color="red" icon={<WarningOutlined />}>
            {n} violation{n === 1 ? '' : 's'}
          </Tag>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    { title: 'Updated', ...sortable('updated_at', sorters), width: 140, render: (v: string) => dateTime(v) },
  ];

  return (
    <>
      <ListingFilters
        value={filterValue}
        onChange={(field, v) => {
          setSelected([]);
          setFilter(field, v);
        }}
        active={filters.length > 0}
        onClear={() => {
          setSelected([]);
          clearFilters();
        }}
      />
      <ListStatus what="listings" query={tableQuery} retrying={retrying} refused={refused} labels={LISTING_FILTER_LABELS} />
      <ListingBulkActions selected={selected} onClear={(keep) => setSelected(keep ? selected.filter((l) => keep.includes(l.id)) : [])} />
      <Table<Listing>
        {...tableProps}
        rowKey="id"
        size="middle"
        scroll={{ x: 1340 }}
        columns={columns}
        rowSelection={{
          selectedRowKeys: selected.map((l) => l.id),
          onChange: (_keys, now) => setSelected(now),
          // each row's checkbox is named by its listing (docs/shell.md "Accessibility")
          getCheckboxProps: (l) => ({ title: `Select ${l.title} on ${l.marketplace_name}` }),
        }}
        onRow={(l) => ({
          onClick: (ev) => {
            if (!(ev.target as HTMLElement).closest('button, input, label, a, .ant-checkbox-wrapper')) setOpen(l.id);
          },
          style: { cursor: 'pointer' },
        })}
        locale={{
          emptyText: emptyText(
            tableQuery,
            retrying,
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={violationsOnly && filters.length === 1 ? 'No listing has an open MAP violation' : filters.length ? 'No listings match these filters' : 'No listings yet: link a marketplace and create listings to sell your products there'}
            />,
          ),
        }}
      />
      <ListingDrawer id={openId} onClose={() => setOpen(null)} />
    </>
  );
}
