/**
 * Confirmation, progress and per-item results of a DLQ command (docs/ops-ui.md "Commands").
 * Discard asks for a reason and refuses to go on without one.
 */
import { useState } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import { finalMessage } from '../../providers/api';
import { useCommand } from '../shared/use-command';
import { BulkProgressModal, type BulkRunState } from '../shared/bulk-action-bar';
import { describeCommand, runDlqCommand, type DlqCommand, type DlqPost } from './dlq-command';

export interface DlqCommandDialogProps {
  command: DlqCommand | null;
  /** Label of one item in the results list, e.g. "#12 orders.created". */
  labelOf: (id: string) => string;
  onClose: () => void;
  /** Called once a command has run (refresh the list, clear the selection). */
  onDone: () => void;
}

export function DlqCommandDialog({ command, labelOf, onClose, onDone }: DlqCommandDialogProps) {
  const [form] = Form.useForm<{ reason: string }>();
  const [run, setRun] = useState<BulkRunState | null>(null);
  // commands go through the data provider like every call; this dialog reports results itself
  const send = useCommand();
  const post: DlqPost = (path, body) => send(path, body);

  const start = async () => {
    if (!command) return;
    let reason = '';
    if (command.kind === 'discard') {
      try {
        reason = (await form.validateFields()).reason.trim();
      } catch {
        return;
      }
    }
    const total = command.kind === 'replay-filter' ? command.total : command.ids.length;
    const title = command.kind === 'discard' ? 'Discarding' : 'Replaying';
    setRun({ title, total, done: 0, results: [], running: true });
    if (command.kind === 'discard') form.resetFields();
    onClose();
    try {
      const results = await runDlqCommand(command, reason, (done, partial) => setRun({ title, total, done, results: partial, running: true }), post);
      setRun({ title: `${title} finished`, total: Math.max(total, results.length), done: results.length, results, running: false });
    } catch (e) {
      setRun({ title: `${title} failed`, total, done: total, results: [{ id: 'error', ok: false, error: { message: finalMessage(e) } }], running: false });
    }
    onDone();
  };

  const text = command ? describeCommand(command) : null;
  return (
    <>
      <Modal
        open={!!command}
        title={text?.title}
        okText={text?.ok}
        okButtonProps={{ danger: text?.danger }}
        onOk={start}
        onCancel={() => {
          if (command?.kind === 'discard') form.resetFields();
          onClose();
        }}
        destroyOnHidden
      >
        <Typography.Paragraph>{text?.body}</Typography.Paragraph>
        {command?.kind === 'discard' && (
          <Form form={form} layout="vertical" requiredMark>
            <Form.Item
              name="reason"
              label="Reason"
              rules={[{ required: true, whitespace: true, message: 'A reason is required' }, { max: 500 }]}
            >
              <Input.TextArea autoFocus rows={3} maxLength={500} showCount placeholder="Why these messages will never be delivered" />
            </Form.Item>
          </Form>
        )}
      </Modal>
      <BulkProgressModal run={run} labelOf={(id) => (id === 'skipped' ? 'Other messages' : id === 'error' ? 'Request' : labelOf(id))} onClose={() => setRun(null)} />
    </>
  );
}
