/**
 * /orders — docs/product/routes-and-roles.md (query `id`, `status`), docs/product/api-calls.md "The calls" (`GET /me/orders`), docs/commerce.md: server-side paging,
 * sorting, search and filters (status, marketplace, date range) kept in the URL, so
 * `/orders?status=pending` lists pending orders; `/orders?id=X` opens order X over the list.
 * Imports take an Amazon order report or an eBay order CSV.
 */
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { List } from '@refinedev/antd';
import { useInvalidate } from '@refinedev/core';
import { Button, DatePicker, Empty, Grid, Select, Table, type TableColumnsType } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useListTable } from '../shared/use-list-table';
import { useNavigationKey } from '../shared/use-navigation-key';
import { FilterBar } from '../shared/filter-bar';
import { sortable } from '../shared/sortable';
import { ExportCsvButton } from '../shared/export-csv-button';
import { ImportDialog, type ImportSource } from '../shared/import-dialog';
import { ListStatus, emptyText } from '../shared/list-status';
import { mockOrders } from '../shared/commerce-mock';
import { dateTime, humanize, money } from '../shared/format';
import { CommandGate, useCommandAllowed } from '../../src/shell/command-gate';
import { OrderBulkActions } from './order-bulk';
import ordersModule from './index';
import { OrderStatusTag } from './status-tag';
import { OrderDrawer } from './order-drawer';
import { MARKETPLACES, MARKETPLACE_LABEL, ORDER_STATUSES, type Order } from '../../contract/orders';
import { PageTitle } from '../../src/shell/page-title';

const ORDER_IMPORTS: readonly ImportSource[] = [
  { key: 'amazon', label: 'Amazon order report', path: '/imports/amazon-orders', contentType: 'text/tab-separated-values', accept: '.txt,.tsv,.csv' },
  { key: 'ebay', label: 'eBay order CSV', path: '/imports/ebay-orders', contentType: 'text/csv', accept: '.csv,text/csv' },
];

/** The list's API path (docs/product/api-calls.md "GET /me/orders"); single orders stay under /orders/{id}. */
const LIST_META = { path: '/me/orders' };

/** Keyed by arrival: a link to `/orders?status=…` while the list is open reads its parameters again. */
export default function OrderList() {
  return <OrderListView key={useNavigationKey()} />;
}

const ORDER_FILTER_LABELS = { status: 'Status', marketplace: 'Marketplace', created_from: 'Created from', created_to: 'Created to', sort: 'Sort' };

function OrderListView() {
  const screens = Grid.useBreakpoint();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const { tableProps, tableQuery, filters, sorters, setFilter, clearFilters, filterValue, retrying, refused, mocked } = useListTable<Order>({ resource: 'orders', meta: LIST_META, fallback: mockOrders });
  const [searchParams, setSearchParams] = useSearchParams();
  const [importing, setImporting] = useState(false);
  // rows are selectable for the bulk actions by a role that may work orders (docs/commerce-ui.md "Orders")
  const mayBulk = useCommandAllowed(ordersModule.commands.bulk);
  const [selected, setSelected] = useState<string[]>([]);
  const openId = searchParams.get('id');
  const from = filterValue('created_from');
  const to = filterValue('created_to');

  const closeDrawer = () => {
    const next = new URLSearchParams(searchParams);
    next.delete('id');
    // in place: closing the drawer is not an arrival (the list keeps its state)
    setSearchParams(next, { replace: true });
  };

  // a phone shows what a seller looks for in a row — which order, where it stands, what it is worth —
  // instead of the first two of seven columns and a sideways scroll (docs/commerce-ui.md "Orders")
  const phone = !screens.md;
  const columns: TableColumnsType<Order> = [
    { title: 'Order', dataIndex: 'id', width: 140 },
    { title: 'Created', ...sortable('created_at', sorters), width: 160, render: dateTime },
    { title: 'Marketplace', dataIndex: 'marketplace', width: 120, render: (m: Order['marketplace']) => MARKETPLACE_LABEL[m] ?? m },
    { title: 'Customer', dataIndex: 'customer_name', ellipsis: true, render: (c: string | null) => c ?? 'N/A' },
    { title: 'Status', ...sortable('status', sorters), width: 190, render: (s: Order['status']) => <OrderStatusTag status={s} /> },
    { title: 'Items', dataIndex: 'items_count', align: 'right', width: 70 },
    { title: 'Total', ...sortable('total', sorters), align: 'right', width: 120, render: (n: number, o) => money(n, o.currency) },
  ];
  const phoneColumns: TableColumnsType<Order> = [
    { title: 'Order', dataIndex: 'id', render: (id: string, o) => <>{id}<div style={{ color: '#6b7280', fontSize: 12 }}>{dateTime(o.created_at)}</div></> },
    { title: 'Status', ...sortable('status', sorters), render: (s: Order['status']) => <OrderStatusTag status={s} /> },
    { title: 'Total', ...sortable('total', sorters), align: 'right', render: (n: number, o) => money(n, o.currency) },
  ];
  return (
    <List
      title={<PageTitle>Orders</PageTitle>}
      headerButtons={
        <>
          <CommandGate command={ordersModule.commands.import}>
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              Import
            </Button>
          </CommandGate>
          <ExportCsvButton path="/me/orders/export.csv" stem="orders" filters={filters} sorters={sorters} />
        </>
      }
    >
      <FilterBar
        search={filterValue('search')}
        onSearch={(v) => setFilter('search', v)}
        placeholder="Search order id, customer or SKU"
        active={filters.length > 0}
        onClear={clearFilters}
      >
        <Select
          aria-label="Status"
          placeholder="Status"
          allowClear
          style={{ width: 200 }}
          value={filterValue('status')}
          onChange={(v?: string) => setFilter('status', v)}
          options={ORDER_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
        />
        <Select
          aria-label="Marketplace"
          placeholder="Marketplace"
          allowClear
          style={{ width: 150 }}
          value={filterValue('marketplace')}
          onChange={(v?: string) => setFilter('marketplace', v)}
          options={MARKETPLACES.map((m) => ({ value: m, label: MARKETPLACE_LABEL[m] }))}
        />
        <DatePicker.RangePicker
          aria-label="Created between"
          allowEmpty={[true, true]}
          value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
          onChange={(range) => {
            // whole days: from the start of the first to the end of the last
            setFilter('created_from', range?.[0]?.startOf('day').toISOString());
            setFilter('created_to', range?.[1]?.endOf('day').toISOString());
          }}
        />
      </FilterBar>
      <ListStatus what="orders" query={tableQuery} retrying={retrying} refused={refused} mocked={mocked} labels={ORDER_FILTER_LABELS} />
      {mayBulk && <OrderBulkActions selected={selected} onClear={() => setSelected([])} onDone={setSelected} />}
      <Table<Order>
        {...tableProps}
        rowKey="id"
        rowSelection={mayBulk && !mocked ? {
          selectedRowKeys: selected,
          // the selection spans pages: what was picked on another page stays picked
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys.map(String)),
          getCheckboxProps: (o) => ({ disabled: false, 'aria-label': `Select order ${o.id}` }),
          columnWidth: 40,
        } : undefined}
        scroll={phone ? undefined : { x: 900 }}
        onRow={(o) => ({
          // a click on the row opens the order; one on its checkbox only selects it
          onClick: (e) => {
            if ((e.target as HTMLElement).closest('.ant-table-selection-column')) return;
            navigate(`/orders/${encodeURIComponent(o.id)}`);
          },
          style: { cursor: 'pointer' },
        })}
        locale={{ emptyText: emptyText(tableQuery, retrying, <Empty description={filters.length ? 'No orders match these filters' : 'No orders yet'} />) }}
        columns={phone ? phoneColumns : columns}
      />
      <OrderDrawer id={openId} onClose={closeDrawer} />
      <ImportDialog
        open={importing}
        title="Import orders"
        sources={ORDER_IMPORTS}
        onClose={() => setImporting(false)}
        onImported={() => void invalidate({ resource: 'orders', invalidates: ['list'] })}
      />
    </List>
  );
}
