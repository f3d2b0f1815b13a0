/**
 * The purchase orders sent to this supplier (docs/dropshipping.md "Purchase orders"): number, order,
 * status, cost, when placed and the supplier's latest answer, newest first; paged, sorted and filtered
 * by status on the server. Fulfillment events refresh it (one refetch per burst).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Card, Empty, Select, Table, Typography } from 'antd';
import { useTable } from '@refinedev/antd';
import { useSubscription, type HttpError } from '@refinedev/core';
import { keepPreviousData } from '@tanstack/react-query';
import { resourceChannel } from '../../contract/events';
import { PO_STATUSES, type PoStatus, type PurchaseOrderRow } from '../../contract/fulfillment';
import { LoadError } from '../shared/list-error';
import { sortable } from '../shared/sortable';
import { dateTime, humanize } from '../shared/format';
import { moneyCents } from '../shared/format';
import { useCoalesced } from '../shared/use-coalesced';
import { PoStatusTag } from '../fulfillment/po-status-tag';

export function SupplierPurchaseOrders({ supplierId }: { supplierId: string }) {
  const [status, setStatus] = useState<PoStatus | undefined>();
  const { tableProps, tableQuery, sorters } = useTable<PurchaseOrderRow, HttpError>({
    resource: 'purchase-orders',
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    filters: {
      permanent: [
        { field: 'supplier_id', operator: 'eq', value: supplierId },
        ...(status ? [{ field: 'status', operator: 'eq' as const, value: status }] : []),
      ],
    },
    sorters: { initial: [{ field: 'created_at', order: 'desc' }] },
    errorNotification: false,
    queryOptions: { placeholderData: keepPreviousData },
    liveMode: 'off',
  });
  const refetch = useCoalesced(() => void tableQuery.refetch());
  useSubscription({ channel: resourceChannel('fulfillment'), types: ['*'], onLiveEvent: refetch });
  return (
    <Card title={<Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>Purchase orders</Typography.Title>} size="small" style={{ marginTop: 24 }}>
      <Select
        aria-label="Purchase order status"
        placeholder="Status"
        allowClear
        style={{ width: 160, marginBottom: 12 }}
        value={status}
        onChange={(v?: PoStatus) => setStatus(v)}
        options={PO_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
      />
      {tableQuery.isError && <LoadError what="the purchase orders" error={tableQuery.error} onRetry={() => void tableQuery.refetch()} />}
      <Table<PurchaseOrderRow>
        {...tableProps}
        rowKey="id"
        size="small"
        scroll={{ x: 800 }}
        locale={{
          emptyText: tableQuery.isError ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={status ? `No ${humanize(status).toLowerCase()} purchase orders` : 'No purchase orders sent to this supplier yet'} />,
        }}
        columns={[
          { title: 'Purchase order', dataIndex: 'number', width: 130 },
          { title: 'Order', dataIndex: 'order_id', width: 130, render: (id: string) => <Link to={`/orders/${encodeURIComponent(id)}`}>{id}</Link> },
          { title: 'Status', ...sortable('status', sorters), width: 110, render: (_: unknown, po) => <PoStatusTag status={po.status} /> },
          { title: 'Cost', ...sortable('total_cents', sorters), align: 'right', width: 100, render: (_: unknown, po) => moneyCents(po.total_cents) },
          { title: 'Placed', ...sortable('created_at', sorters), width: 150, render: (_: unknown, po) => dateTime(po.created_at) },
          { title: 'Latest answer', key: 'answer', render: (_: unknown, po) => { const a = po.answers[po.answers.length - 1]; return a ? (a.message ?? humanize(a.status)) : '—'; } },
        ]}
      />
    </Card>
  );
}
