/**
 * The shipments (docs/dropshipping.md "Labels"): server-side paging, sort and filters (status,
 * carrier, late; search by order or tracking number) kept in the URL, exceptions first, with each
 * label's print and void. Label events refresh it live (the `shipments` resource).
 */
import { Link } from 'react-router';
import { Empty, Select, Table, Tag } from 'antd';
import { CARRIERS, CARRIER_LABEL, SHIPMENT_STATUSES, carrierService, type ShipmentRow } from '../../contract/fulfillment';
import { useListTable } from '../shared/use-list-table';
import { FilterBar } from '../shared/filter-bar';
import { sortable } from '../shared/sortable';
import { ListStatus, emptyText } from '../shared/list-status';
import { dateTime, humanize } from '../shared/format';
import { moneyCents } from '../shared/format';
import { ShipmentStatusTag } from './shipment-status-tag';
import { LabelActions } from './label-actions';

const LABELS = { status: 'Status', carrier: 'Carrier', late: 'Late', sort: 'Sort' };

export function ShipmentsTable() {
  const { tableProps, tableQuery, filters, sorters, setFilter, clearFilters, filterValue, retrying, refused } = useListTable<ShipmentRow>({ resource: 'shipments' });
  return (
    <>
      <FilterBar search={filterValue('search')} onSearch={(v) => setFilter('search', v)} placeholder="Search order or tracking number" active={filters.length > 0} onClear={clearFilters}>
        <Select
          aria-label="Shipment status"
          placeholder="Status"
          allowClear
          style={{ width: 170 }}
          value={filterValue('status')}
          onChange={(v?: string) => setFilter('status', v)}
          options={SHIPMENT_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
        />
        <Select
          aria-label="Carrier"
          placeholder="Carrier"
          allowClear
          style={{ width: 130 }}
          value={filterValue('carrier')}
          onChange={(v?: string) => setFilter('carrier', v)}
          options={CARRIERS.map((c) => ({ value: c, label: CARRIER_LABEL[c] }))}
        />
        <Select
          aria-label="Late"
          placeholder="On time or late"
          allowClear
          style={{ width: 160 }}
          value={filterValue('late')}
          onChange={(v?: string) => setFilter('late', v)}
          options={[{ value: 'true', label: 'Late only' }, { value: 'false', label: 'On time only' }]}
        />
      </FilterBar>
      <ListStatus what="shipments" query={tableQuery} retrying={retrying} refused={refused} labels={LABELS} />
      <Table<ShipmentRow>
        {...tableProps}
        rowKey="id"
        size="small"
        scroll={{ x: 1100 }}
        locale={{ emptyText: emptyText(tableQuery, retrying, <Empty description={filters.length ? 'No shipments match these filters' : 'No labels bought yet'} />) }}
        columns={[
          { title: 'Order', dataIndex: 'order_id', render: (id: string) => <Link to={`/orders/${encodeURIComponent(id)}`}>{id}</Link> },
          { title: 'Status', ...sortable('status', sorters), render: (s: ShipmentRow['status'], r) => <><ShipmentStatusTag status={s} />{r.direction === 'return' && <Tag>Return</Tag>}</> },
          { title: 'Carrier', dataIndex: 'carrier', render: (c: ShipmentRow['carrier'], r) => carrierService(c, r.service) },
          { title: 'Tracking number', dataIndex: 'tracking_number' },
          { title: 'Postage', ...sortable('rate_cents', sorters), align: 'right', render: (c: number) => moneyCents(c) },
          { title: 'Promised by', ...sortable('promised_by', sorters), render: (d: string | null, r) => <>{d ?? '—'} {r.late && <Tag color="warning">Late</Tag>}</> },
          { title: 'Bought', ...sortable('created_at', sorters), render: (_: unknown, r) => dateTime(r.bought_at) },
          { title: 'Actions', key: 'actions', fixed: 'right', width: 170, render: (_: unknown, r) => <LabelActions shipment={r} onChanged={() => void tableQuery.refetch()} /> },
        ]}
      />
    </>
  );
}
