/**
 * Orders to ship (docs/dropshipping.md "Work queue"): held orders first with their reason and a
 * "Release hold", then orders routed to suppliers and still without a label, each with "Buy label"
 * (POST /shipments, rate shopping on the server). Selected orders get their labels in bulk: one POST /shipments per order, a progress bar and each order's result.
 * Paged on the server; routing, label and order events refresh it: one coalesced refetch for the three
 * channels (useCoalesced, docs/events.md "Live routing"), so its own liveMode is off.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Empty, Flex, Input, Segmented, Table, Tag, Typography } from 'antd';
import { useTable } from '@refinedev/antd';
import { useInvalidate, useNotification, useSubscription, type CrudFilter, type HttpError } from '@refinedev/core';
import { keepPreviousData } from '@tanstack/react-query';
import { resourceChannel } from '../../contract/events';
import { carrierService, type QueueOrder, type ShipmentRow } from '../../contract/fulfillment';
import { finalMessage } from '../../providers/api';
import { CommandGate, useCommandAllowed } from '../../src/shell/command-gate';
import { BulkActionBar, BulkProgressModal, type BulkRunState } from '../shared/bulk-action-bar';
import { runInChunks } from '../shared/bulk-run';
import { dateTime, humanize } from '../shared/format';
import { LoadError } from '../shared/list-error';
import { moneyCents } from '../shared/format';
import { useCommand } from '../shared/use-command';
import { useCoalesced } from '../shared/use-coalesced';
import fulfillmentModule from './index';

const HELD = [
  { label: 'All', value: 'all' },
  { label: 'Held', value: 'true' },
  { label: 'Ready for a label', value: 'false' },
];

export function FulfillmentQueue() {
  const send = useCommand();
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const canBuy = useCommandAllowed(fulfillmentModule.commands.buyLabels);
  const [selected, setSelected] = useState<string[]>([]);
  const [run, setRun] = useState<BulkRunState | null>(null);
  const [releasing, setReleasing] = useState<string | null>(null);
  const [buying, setBuying] = useState<string | null>(null);
  const { tableProps, tableQuery, filters, setFilters, setCurrentPage } = useTable<QueueOrder, HttpError>({
    resource: 'fulfillment',
    meta: { path: '/fulfillment/queue' },
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    errorNotification: false,
    liveMode: 'off',
    queryOptions: { placeholderData: keepPreviousData },
  });
  const refresh = () => void tableQuery.refetch();
  // a label bought or an order changed elsewhere takes the order out of the queue: one refetch per burst of events
  const liveRefresh = useCoalesced(refresh);
  useSubscription({ channel: resourceChannel('fulfillment'), types: ['*'], onLiveEvent: liveRefresh });
  useSubscription({ channel: resourceChannel('shipments'), types: ['*'], onLiveEvent: liveRefresh });
  useSubscription({ channel: resourceChannel('orders'), types: ['*'], onLiveEvent: liveRefresh });
  const held = (filters.find((f) => 'field' in f && f.field === 'held')?.value as string | undefined) ?? 'all';
  const search = (filters.find((f) => 'field' in f && f.field === 'search')?.value as string | undefined) ?? '';
  // the held choice and the search (over order id and customer, on the server) narrow the queue together
  const applyFilters = (h: string, q: string) => {
    const next: CrudFilter[] = [];
    if (h !== 'all') next.push({ field: 'held', operator: 'eq', value: h });
    if (q.trim()) next.push({ field: 'search', operator: 'contains', value: q.trim() });
    setFilters(next, 'replace');
    setCurrentPage(1);
  };
  const rows = tableQuery.data?.data ?? [];

  const release = async (id: string) => {
    setReleasing(id);
    try {
      await send(`/orders/${encodeURIComponent(id)}/release-hold`);
      open?.({ type: 'success', message: `Hold released on ${id}`, description: 'The order is routed again.' });
      refresh();
    } catch (e) {
      open?.({ type: 'error', message: 'Could not release the hold', description: finalMessage(e) });
    } finally {
      setReleasing(null);
    }
  };

  const buyOne = async (id: string) => {
    setBuying(id);
    try {
      const s = await send<ShipmentRow>('/shipments', { order_id: id });
      open?.({ type: 'success', message: `Label bought for ${id}`, description: `${carrierService(s.carrier, s.service)} · ${s.tracking_number}` });
      await invalidate({ resource: 'shipments', invalidates: ['list'] });
      refresh();
    } catch (e) {
      open?.({ type: 'error', message: `Could not buy a label for ${id}`, description: finalMessage(e) });
    } finally {
      setBuying(null);
    }
  };

  const buyLabels = async () => {
    const ids = [...selected];
    setRun({ title: `Buying ${ids.length} label${ids.length === 1 ? '' : 's'}`, total: ids.length, done: 0, results: [], running: true });
    const results = await runInChunks(
      ids,
      async ([orderId]) => {
        try {
          await send<ShipmentRow>('/shipments', { order_id: orderId });
          return [{ id: orderId, ok: true }];
        } catch (e) {
          return [{ id: orderId, ok: false, error: { message: finalMessage(e) } }];
        }
      },
      (done, results) => setRun((r) => (r ? { ...r, done, results } : r)),
      1,
    );
    setRun((r) => (r ? { ...r, done: ids.length, results, running: false } : r));
    setSelected((s) => s.filter((id) => results.some((r) => r.id === id && !r.ok)));
    await invalidate({ resource: 'shipments', invalidates: ['list'] });
    refresh();
  };

  return (
    <>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <Segmented
          aria-label="Which orders"
          options={HELD}
          value={held}
          onChange={(v) => applyFilters(String(v), search)}
        />
        <Input.Search
          aria-label="Search orders to ship"
          placeholder="Search order or customer"
          allowClear
          defaultValue={search}
          onSearch={(q) => applyFilters(held, q)}
          style={{ width: 260 }}
        />
      </Flex>
      {canBuy && (
        <BulkActionBar count={selected.length} onClear={() => setSelected([])}>
          <Button type="primary" onClick={buyLabels} disabled={!!run?.running}>
            Buy labels
          </Button>
        </BulkActionBar>
      )}
      {tableQuery.isError && <LoadError what="the orders to ship" error={tableQuery.error} onRetry={refresh} />}
      <Table<QueueOrder>
        {...tableProps}
        rowKey="id"
        size="small"
        scroll={{ x: 900 }}
        rowSelection={
          canBuy
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(String)),
                // a held order is released first; the label needs an order routed to its suppliers
                getCheckboxProps: (o) => ({ disabled: !!o.hold_reason, 'aria-label': `Select order ${o.id}` }),
              }
            : undefined
        }
        locale={{ emptyText: tableQuery.isError ? ' ' : <Empty description={held === 'true' ? 'No orders on hold' : 'Nothing waiting to ship'} /> }}
        columns={[
          { title: 'Order', dataIndex: 'id', width: 112, render: (id: string) => <Link to={`/orders/${encodeURIComponent(id)}`}>{id}</Link> },
          { title: 'Customer', dataIndex: 'customer_name', ellipsis: true, render: (c: string | null) => c ?? '—' },
          {
            title: 'State',
            key: 'state',
            // wide enough for the longest state tag ("Ordered from supplier") on one line
            width: 176,
            render: (_: unknown, o) =>
              o.hold_reason ? (
                <>
                  <Tag color="warning">On hold</Tag>
                  <Typography.Text type="secondary">{o.hold_reason}</Typography.Text>
                </>
              ) : (
                <Tag color="processing">{humanize(o.status)}</Tag>
              ),
          },
          { title: 'Ship to', dataIndex: 'ship_to_country', width: 76 },
          { title: 'Items', dataIndex: 'items_count', align: 'right', width: 66 },
          { title: 'Total', dataIndex: 'total_cents', align: 'right', width: 100, render: (c: number) => moneyCents(c) },
          { title: 'Promised by', dataIndex: 'promised_by', width: 112, render: (d: string | null) => d ?? '—' },
          { title: 'Received', dataIndex: 'created_at', width: 144, render: dateTime },
          {
            title: 'Actions',
            key: 'actions',
            width: 116,
            render: (_: unknown, o) =>
              o.hold_reason ? (
                <CommandGate command={fulfillmentModule.commands.releaseHold}>
                  <Button size="small" loading={releasing === o.id} onClick={() => release(o.id)} aria-label={`Release hold on ${o.id}`}>
                    Release hold
                  </Button>
                </CommandGate>
              ) : (
                <CommandGate command={fulfillmentModule.commands.buyLabels}>
                  <Button size="small" loading={buying === o.id} disabled={!!run?.running} onClick={() => buyOne(o.id)} aria-label={`Buy label for ${o.id}`}>
                    Buy label
                  </Button>
                </CommandGate>
              ),
          },
        ]}
      />
      {rows.some((o) => o.hold_reason) && (
        <Alert type="info" showIcon style={{ marginTop: 12 }} message="Releasing a hold routes the order again past your hold rules; an unmapped SKU or a missing supplier holds it again." />
      )}
      <BulkProgressModal run={run} labelOf={(id) => id} onClose={() => setRun(null)} />
    </>
  );
}
