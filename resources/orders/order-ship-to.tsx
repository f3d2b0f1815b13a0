/**
 * Where an order ships (docs/commerce-ui.md "Orders", docs/commerce.md "Ship-to address"): the address
 * as a compact block, one printed line each as the label prints them, and "Edit address" for those
 * who may write orders while the order has not shipped — `PUT /orders/{id}/ship-to` with the server's
 * checks in the form; a field the server still refuses shows under its field.
 */
import { useState } from 'react';
import { Button, Form, Modal, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useInvalidate, useNotification } from '@refinedev/core';
import { finalMessage } from '../../providers/api';
import { useCommand } from '../shared/use-command';
import { useCommandAllowed } from '../../src/shell/command-gate';
import { showFieldErrors } from '../products/field-errors';
import { AddressFields } from './address-fields';
import ordersModule from './index';
import { ADDRESS_EDITABLE_STATUSES, ADDRESS_FIELDS, addressLines, type ShipTo } from '../../contract/addresses';
import type { OrderDetail } from '../../contract/orders';

/** The address, a line each (name, street lines, city line, country), as an `<address>`. */
export function ShipToBlock({ address }: { address: ShipTo }) {
  const lines = addressLines(address);
  return (
    <address data-testid="ship-to" style={{ fontStyle: 'normal', margin: 0, lineHeight: 1.45 }}>
      {lines.map((l, i) => (
        <div key={i}>{i === 0 ? <Typography.Text strong>{l}</Typography.Text> : l}</div>
      ))}
    </address>
  );
}

/** "Edit address" and its dialog; nothing for a role that may not write orders or an order that shipped. */
export function EditShipTo({ order }: { order: Pick<OrderDetail, 'id' | 'status' | 'ship_to'> }) {
  const allowed = useCommandAllowed(ordersModule.commands.editShipTo);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<ShipTo>();
  const send = useCommand();
  const invalidate = useInvalidate();
  const { open: toast } = useNotification();
  if (!allowed || !order.ship_to || !ADDRESS_EDITABLE_STATUSES.includes(order.status)) return null;

  const save = async () => {
    // a field the checks refuse shows its message under it; nothing is sent
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      await send(`/orders/${encodeURIComponent(order.id)}/ship-to`, { ...values, line2: values.line2 || null, region: values.region || null }, 'put');
      toast?.({ type: 'success', message: `Address of order ${order.id} saved` });
      setOpen(false);
      await invalidate({ resource: 'orders', invalidates: ['detail', 'list'], id: order.id });
    } catch (e) {
      // a field the server refuses goes under its field; anything else (a 409 once shipped) as a toast
      if (!showFieldErrors(form, e, ADDRESS_FIELDS)) toast?.({ type: 'error', message: 'The address was not changed', description: finalMessage(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="small" icon={<EditOutlined />} onClick={() => setOpen(true)} aria-label={`Edit address of order ${order.id}`}>
        Edit address
      </Button>
      <Modal
        open={open}
        title={`Ship-to address of order ${order.id}`}
        okText="Save address"
        okButtonProps={{ loading: busy }}
        onOk={save}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false} initialValues={order.ship_to}>
          <AddressFields form={form} countryLocked={order.status === 'pending' ? undefined : order.ship_to.country} />
        </Form>
      </Modal>
    </>
  );
}
