/**
 * /returns — docs/dropshipping.md "Returns": the RMA table (status filter, search by RMA number or
 * order, server-side paging and sort, in the URL), a drawer with the lifecycle actions of the
 * selected return (`?id=`), and "Create return" for a shipped, delivered or partially returned order. Return events
 * refresh it live.
 */
import { Link, useSearchParams } from 'react-router';
import { Button, Empty, Select, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { RMA_STATUSES, type ReturnRow } from '../../contract/fulfillment';
import { PageHeader } from '../../src/shell/page-header';
import { CommandGate } from '../../src/shell/command-gate';
import { useListTable } from '../shared/use-list-table';
import { useNavigationKey } from '../shared/use-navigation-key';
import { FilterBar } from '../shared/filter-bar';
import { sortable } from '../shared/sortable';
import { ListStatus, emptyText } from '../shared/list-status';
import { dateTime, humanize } from '../shared/format';
import { moneyCents } from '../shared/format';
import { ReturnStatusTag } from './return-status-tag';
import { ReturnDrawer } from './return-drawer';
import { CreateReturnModal } from './create-return-modal';
import returnsModule from './index';


export default function ReturnsPage() {
  return <ReturnsView key={useNavigationKey()} />;
}

const LABELS = { status: 'Status', sort: 'Sort' };

function ReturnsView() {
  const [params, setParams] = useSearchParams();
  // `?create=<order id>` (from an order's page) opens "Create return" with that order chosen; `?create=1` blank
  const createFor = params.get('create');
  const [creating, setCreating] = useState(createFor !== null);
  const openId = params.get('id');
  const { tableProps, tableQuery, filters, sorters, setFilter, clearFilters, filterValue, retrying, refused } = useListTable<ReturnRow>({ resource: 'returns' });
  const show = (id: string | null) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      if (id) n.set('id', id);
      else n.delete('id');
      return n;
    });

  return (
    <>
      <PageHeader
        title="Returns"
        subtitle="Return requests (RMA): approve with a return label, receive the parcel, then refund or replace."
        extra={
          <CommandGate command={returnsModule.commands.create}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              Create return
            </Button>
          </CommandGate>
        }
      />
      <FilterBar search={filterValue('search')} onSearch={(v) => setFilter('search', v)} placeholder="Search RMA number or order" active={filters.length > 0} onClear={clearFilters}>
        <Select
          aria-label="Return status"
          placeholder="Status"
          allowClear
          style={{ width: 160 }}
          value={filterValue('status')}
          onChange={(v?: string) => setFilter('status', v)}
          options={RMA_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
        />
      </FilterBar>
      <ListStatus what="returns" query={tableQuery} retrying={retrying} refused={refused} labels={LABELS} />
      <Table<ReturnRow>
        {...tableProps}
        rowKey="id"
        scroll={{ x: 900 }}
        onRow={(r) => ({ onClick: () => show(r.id), style: { cursor: 'pointer' } })}
        locale={{ emptyText: emptyText(tableQuery, retrying, <Empty description={filters.length ? 'No returns match these filters' : 'No return requests yet'} />) }}
        columns={[
          {
            title: 'RMA',
            dataIndex: 'number',
            render: (n: string, r) => (
              <Button type="link" style={{ padding: 0 }} onClick={(e) => { e.stopPropagation(); show(r.id); }}>
                {n}
              </Button>
            ),
          },
          {
            title: 'Order',
            dataIndex: 'order_id',
            render: (id: string) => <Link to={`/orders/${encodeURIComponent(id)}`} onClick={(e) => e.stopPropagation()}>{id}</Link>,
          },
          { title: 'Status', ...sortable('status', sorters), render: (s: ReturnRow['status']) => <ReturnStatusTag status={s} /> },
          { title: 'Reason', dataIndex: 'reason', render: (r: string) => humanize(r) },
          { title: 'Items', key: 'items', align: 'right', render: (_: unknown, r) => r.items.reduce((n, i) => n + i.quantity, 0) },
          { title: 'Refund', dataIndex: 'refund_cents', align: 'right', render: (c: number | null) => moneyCents(c) },
          { title: 'Requested', ...sortable('created_at', sorters), render: dateTime },
        ]}
      />
      <ReturnDrawer id={openId} onClose={() => show(null)} />
      <CreateReturnModal
        open={creating}
        orderId={createFor && createFor !== '1' ? createFor : undefined}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          show(id);
        }}
      />
    </>
  );
}
