/**
 * "Create return" (docs/dropshipping.md "Returns"): pick a shipped, delivered or partially returned
 * order (searched on the server), the lines coming back and how many — at most what is left of each,
 * sold less what its returns that are not rejected took ("Returned quantity") —, the reason and a
 * note; POST /returns. Opened from /returns, or from an order's page with the order already chosen
 * (`/returns?create=<order id>`).
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Select, Table } from 'antd';
import { useList, useOne, useNotification } from '@refinedev/core';
import { RETURN_REASONS, type ReturnRow } from '../../contract/fulfillment';
import { RETURNABLE_STATUSES, leftToReturn, unitsLeftToReturn, type Order, type OrderDetail, type OrderItem } from '../../contract/orders';
import { finalMessage } from '../../providers/api';
import { humanize, money } from '../shared/format';
import { useCommand } from '../shared/use-command';

export function CreateReturnModal({ open, orderId, onClose, onCreated }: { open: boolean; orderId?: string; onClose: () => void; onCreated: (id: string) => void }) {
  const send = useCommand();
  const { open: notify } = useNotification();
  const [term, setTerm] = useState('');
  const [order, setOrder] = useState<string | undefined>(orderId);
  const [reason, setReason] = useState<(typeof RETURN_REASONS)[number] | undefined>();
  const [note, setNote] = useState('');
  const [qty, setQty] = useState<Record<string, number>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setOrder(orderId), [orderId]);

  const { result: found, query: search } = useList<Order>({
    resource: 'orders',
    filters: [{ field: 'status', operator: 'in', value: [...RETURNABLE_STATUSES] }, ...(term ? [{ field: 'search', operator: 'contains' as const, value: term }] : [])],
    pagination: { pageSize: 20 },
    queryOptions: { enabled: open },
    errorNotification: false,
  });
  const { result: detail } = useOne<OrderDetail>({ resource: 'orders', id: order ?? '', queryOptions: { enabled: open && !!order }, errorNotification: false });
  const items = useMemo(() => detail?.items ?? [], [detail]);
  // what is left of every line comes back until the user says otherwise
  useEffect(() => setQty(Object.fromEntries(items.map((i) => [String(i.id), leftToReturn(i)]))), [items]);
  const nothingLeft = items.length > 0 && unitsLeftToReturn(items) === 0;

  const chosen = Object.entries(qty).filter(([, q]) => q > 0);
  const submit = async () => {
    if (!order || !reason || chosen.length === 0) return;
    setBusy(true);
    setError(null);
    try {
      const r = await send<ReturnRow>('/returns', { order_id: order, reason, note: note.trim() || undefined, items: chosen.map(([id, quantity]) => ({ order_item_id: id, quantity })) });
      notify?.({ type: 'success', message: `Return ${r.number} requested for ${r.order_id}` });
      setReason(undefined);
      setNote('');
      onCreated(r.id);
    } catch (e) {
      setError(finalMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title="Create return"
      okText="Request return"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ disabled: !order || !reason || chosen.length === 0 }}
      width={680}
      destroyOnHidden
    >
      {error && <Alert role="alert" type="error" showIcon message="The return was not created" description={error} style={{ marginBottom: 12 }} />}
      <Form layout="vertical">
        <Form.Item label="Order" htmlFor="return-order" required help="Shipped, delivered or partially returned orders">
          <Select
            id="return-order"
            showSearch
            filterOption={false}
            onSearch={setTerm}
            loading={search.isFetching}
            value={order}
            onChange={setOrder}
            placeholder="Search an order id, customer or SKU"
            options={[
              ...(order && !found.data.some((o) => o.id === order) ? [{ value: order, label: order }] : []),
              ...found.data.map((o) => ({ value: o.id, label: `${o.id} · ${o.customer_name ?? 'N/A'} · ${humanize(o.status)}` })),
            ]}
          />
        </Form.Item>
        {nothingLeft && <Alert type="info" showIcon message="Every unit of this order is already in a return" style={{ marginBottom: 12 }} />}
        {items.length > 0 && !nothingLeft && (
          <Table<OrderItem>
            rowKey={(i) => String(i.id)}
            size="small"
            pagination={false}
            dataSource={items}
            style={{ marginBottom: 16 }}
            columns={[
              { title: 'SKU', dataIndex: 'sku' },
              { title: 'Title', dataIndex: 'title', ellipsis: true },
              { title: 'Price', dataIndex: 'unit_price', align: 'right', render: (p: number) => money(p) },
              {
                title: 'Returning',
                key: 'qty',
                width: 170,
                render: (_: unknown, i) => (
                  <InputNumber
                    aria-label={`Quantity of ${i.sku} returning`}
                    min={0}
                    max={leftToReturn(i)}
                    precision={0}
                    disabled={leftToReturn(i) === 0}
                    value={qty[String(i.id)] ?? 0}
                    onChange={(v) => setQty((q) => ({ ...q, [String(i.id)]: Number(v ?? 0) }))}
                    // "/ 1 left of 2" once part of the line came back
                    addonAfter={leftToReturn(i) === i.quantity ? `/ ${i.quantity}` : `/ ${leftToReturn(i)} left of ${i.quantity}`}
                  />
                ),
              },
            ]}
          />
        )}
        <Form.Item label="Reason" htmlFor="return-reason" required>
          <Select id="return-reason" value={reason} onChange={setReason} placeholder="Why it comes back" options={RETURN_REASONS.map((r) => ({ value: r, label: humanize(r) }))} />
        </Form.Item>
        <Form.Item label="Note" htmlFor="return-note">
          <Input.TextArea id="return-note" rows={2} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
