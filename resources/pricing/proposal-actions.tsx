/**
 * One pending proposal's actions (docs/repricing.md "Proposals"): approve as proposed, edit the price
 * (kept between the floor and the ceiling) then approve, or reject. A proposal whose inputs changed
 * since it was made answers 409 `proposal_expired`: the sentence is shown and the list refreshes. One
 * a newer proposal replaced names it: the answer offers to approve that one.
 */
import { useState } from 'react';
import { App, Button, Form, InputNumber, Modal, Space, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, EditOutlined } from '@ant-design/icons';
import { useInvalidate } from '@refinedev/core';
import type { PriceProposal } from '../../contract/pricing';
import { finalMessage } from '../../providers/api';
import { useCommand } from '../shared/use-command';
import { toCents } from '../listings/cents';
import { moneyCents } from '../shared/format';
import { CommandGate } from '../../src/shell/command-gate';
import pricingModule from './index';
import { ReplacementOffer, replacementOf } from './replacement-offer';

export function ProposalActions({ p }: { p: PriceProposal }) {
  const send = useCommand();
  const invalidate = useInvalidate();
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<{ price: number }>();

  const decide = async (action: 'approve' | 'reject', priceCents?: number) => {
    setBusy(action);
    try {
      await send(`/pricing/proposals/${p.id}/${action}`, priceCents === undefined ? {} : { price_cents: priceCents });
      void message.success(action === 'approve' ? `${p.sku}: ${moneyCents(priceCents ?? p.new_price_cents)} applied` : `${p.sku}: proposal rejected`);
    } catch (e) {
      const replacement = replacementOf(e);
      modal.error({
        title: action === 'approve' ? `${p.sku} was not approved` : `${p.sku} was not rejected`,
        content: replacement ? (
          <>
            <Typography.Paragraph>{finalMessage(e)}</Typography.Paragraph>
            <ReplacementOffer replacement={replacement} approve={approveReplacement} />
          </>
        ) : (
          finalMessage(e)
        ),
      });
    } finally {
      setBusy(null);
      await refresh();
    }
  };

  const refresh = async () => {
    await invalidate({ resource: 'price_proposals', invalidates: ['list'] });
    await invalidate({ resource: 'listings', invalidates: ['list', 'detail'] });
  };

  // the proposal that replaced this one, approved as proposed from the refusal's dialog
  const approveReplacement = async (id: string) => {
    try {
      await send(`/pricing/proposals/${id}/approve`, {});
      void message.success(`${p.sku}: newer proposal applied`);
    } finally {
      await refresh();
    }
  };

  const submitEdit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setEditing(false);
    await decide('approve', toCents(v.price));
  };

  if (p.status !== 'pending') return null;
  const floor = p.floor_cents / 100;
  const ceiling = p.ceiling_cents === null ? undefined : p.ceiling_cents / 100;
  return (
    <>
      <Space size={4}>
        <CommandGate command={pricingModule.commands.approve}>
          <Button size="small" type="primary" icon={<CheckOutlined />} loading={busy === 'approve'} aria-label={`Approve ${p.sku} at ${moneyCents(p.new_price_cents)}`} onClick={() => void decide('approve')}>
            Approve
          </Button>
          <Button size="small" icon={<EditOutlined />} aria-label={`Edit the price of ${p.sku} before approving`} onClick={() => setEditing(true)} />
        </CommandGate>
        <CommandGate command={pricingModule.commands.reject}>
          <Button size="small" icon={<CloseOutlined />} loading={busy === 'reject'} aria-label={`Reject ${p.sku}`} onClick={() => void decide('reject')}>
            Reject
          </Button>
        </CommandGate>
      </Space>
      <Modal open={editing} title={`Approve ${p.sku} at another price`} okText="Approve at this price" onOk={() => void submitEdit()} onCancel={() => setEditing(false)} destroyOnHidden>
        <Typography.Paragraph type="secondary">
          Now {moneyCents(p.old_price_cents)}; proposed {moneyCents(p.new_price_cents)}. The price must stay between the floor {moneyCents(p.floor_cents)}
          {p.ceiling_cents === null ? '' : ` and the ceiling ${moneyCents(p.ceiling_cents)}`}.
        </Typography.Paragraph>
        <Form form={form} layout="vertical" initialValues={{ price: p.new_price_cents / 100 }} preserve={false}>
          <Form.Item
            name="price"
            label="New price"
            rules={[
              { required: true, message: 'Enter a price' },
              {
                validator: (_, v: number | null) =>
                  v === null || v === undefined || (v >= floor && (ceiling === undefined || v <= ceiling))
                    ? Promise.resolve()
                    : Promise.reject(new Error(`Between ${moneyCents(p.floor_cents)} and ${ceiling === undefined ? 'any higher price' : moneyCents(p.ceiling_cents)}`)),
              },
            ]}
          >
            <InputNumber min={0} step={0.01} precision={2} prefix="$" style={{ width: 200 }} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
