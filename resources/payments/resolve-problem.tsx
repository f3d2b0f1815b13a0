/**
 * A reconciliation problem's decision (docs/reconciliation.md "Resolving"): Accept (the loss is taken;
 * an unpaid order or a fee overcharge is written off the receivable) or Dispute with a note (the case
 * with the marketplace), each confirmed first. `POST /payouts/reconciliation/{id}/resolve`; a 409 says
 * in words that someone decided it meanwhile, and the table shows what they decided.
 */
import { useState } from 'react';
import { useInvalidate, useNotification } from '@refinedev/core';
import { Button, Form, Input, Modal, Radio, Space, Typography } from 'antd';
import { finalMessage } from '../../providers/api';
import { useCommand } from '../shared/use-command';
import { moneyCents } from '../shared/format';
import { WRITE_OFF_KINDS, type ProblemRow, type ResolveAction } from '../../contract/reconciliation';

export function ResolveProblem({ problem }: { problem: ProblemRow }) {
  const send = useCommand();
  const invalidate = useInvalidate();
  const { open: notify } = useNotification();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ action: ResolveAction; note?: string }>();
  const action = Form.useWatch('action', form) ?? 'accept';
  const amount = moneyCents(problem.amount_cents, problem.currency);
  const writesOff = WRITE_OFF_KINDS.has(problem.kind);
  const disputed = problem.status === 'disputed';

  const submit = async () => {
    let v: { action: ResolveAction; note?: string };
    try {
      v = await form.validateFields();
    } catch {
      return; // the form shows what is missing under its field
    }
    setBusy(true);
    try {
      await send(`/payouts/reconciliation/${problem.id}/resolve`, { action: v.action, ...(v.note ? { note: v.note } : {}) });
      notify?.({ type: 'success', message: v.action === 'accept' ? `Accepted: ${amount}${writesOff ? ' written off' : ''}` : 'Disputed: the note is kept with the problem' });
      setOpen(false);
      form.resetFields();
    } catch (e) {
      notify?.({ type: 'error', message: 'The problem was not changed', description: finalMessage(e) });
      setOpen(false);
    } finally {
      setBusy(false);
      await invalidate({ resource: 'reconciliation', invalidates: ['list'] });
    }
  };

  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} aria-label={`Resolve ${problem.explanation}`}>
        Resolve
      </Button>
      <Modal
        open={open}
        title="Resolve this problem?"
        okText={action === 'accept' ? 'Accept' : 'Dispute'}
        okButtonProps={{ danger: action === 'accept' && writesOff, loading: busy }}
        cancelText="Not now"
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph>{problem.explanation}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">{problem.what_to_do}</Typography.Paragraph>
          <Form form={form} layout="vertical" initialValues={{ action: disputed ? 'accept' : 'accept' }}>
            <Form.Item name="action" label="Decision">
              <Radio.Group>
                <Radio value="accept">Accept {amount}{writesOff ? ' (written off the receivable)' : ''}</Radio>
                {!disputed && <Radio value="dispute">Dispute with the marketplace</Radio>}
              </Radio.Group>
            </Form.Item>
            <Form.Item
              name="note"
              label="Note"
              rules={action === 'dispute' ? [{ required: true, whitespace: true, message: 'Say why you dispute it (the note goes with the case)' }] : []}
            >
              <Input.TextArea rows={3} maxLength={2000} placeholder={action === 'dispute' ? 'Case number, what the marketplace said…' : 'Optional'} />
            </Form.Item>
          </Form>
        </Space>
      </Modal>
    </>
  );
}
