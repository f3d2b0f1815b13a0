/**
 * A person's actions on alerts (docs/alerts.md "API"): acknowledge, resolve, assign and note, on one
 * alert or on a selection / everything a filter matches, each sent once and reported in words.
 */
import { useState } from 'react';
import { App, Button, Form, Input, Modal, Space } from 'antd';
import type { AlertAction, AlertRow } from '../../contract/alerts';
import { useCommand } from '../shared/use-command';

export type AlertTargets = { ids: string[] } | { filter: Record<string, unknown>; total: number };

const PAST: Record<AlertAction, string> = { acknowledge: 'acknowledged', resolve: 'resolved', assign: 'assigned', note: 'noted' };

const count = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'alert' : 'alerts'}`;

/** Sends one action to the API; answers the ids it changed. */
export function useAlertAction(onDone: () => void) {
  const send = useCommand();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async (action: AlertAction, t: AlertTargets, extra: { note?: string; assignee?: string | null } = {}) => {
    setBusy(true);
    try {
      if ('ids' in t && t.ids.length === 1) {
        await send<AlertRow>(`/alerts/${t.ids[0]}/${action}`, action === 'note' ? { note: extra.note ?? '' } : action === 'assign' ? { assignee: extra.assignee ?? null } : {});
        void message.success(`Alert ${PAST[action]}`);
      } else {
        const r = await send<{ changed: string[]; skipped: number }>('/alerts/bulk', { action, ...t, ...extra, total: undefined });
        void message.success(`${count(r.changed.length)} ${PAST[action]}${r.skipped ? `; ${count(r.skipped)} already so` : ''}`);
      }
      onDone();
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}

/** Asks for what an action needs (a note, an assignee, or a confirmation of a bulk) and runs it. */
export function AlertActionDialog({
  action, targets, me, onClose, onDone,
}: {
  action: AlertAction | null;
  targets: AlertTargets | null;
  me: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { run, busy } = useAlertAction(() => {
    onDone();
    onClose();
  });
  const [form] = Form.useForm<{ note?: string; assignee?: string }>();
  if (!action || !targets) return null;
  const n = 'ids' in targets ? targets.ids.length : targets.total;
  const what = 'ids' in targets ? (n === 1 ? 'this alert' : `the ${count(n)} selected`) : `all ${count(n)} matching the filters`;
  const title = { acknowledge: `Acknowledge ${what}?`, resolve: `Resolve ${what}?`, assign: `Assign ${what}`, note: `Note on ${what}` }[action];
  return (
    <Modal
      open
      title={title}
      okText={{ acknowledge: 'Acknowledge', resolve: 'Resolve', assign: 'Assign', note: 'Save note' }[action]}
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields();
        await run(action, targets, action === 'note' ? { note: v.note ?? '' } : action === 'assign' ? { assignee: v.assignee === '' ? null : v.assignee ?? null } : {});
      }}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ assignee: me }}>
        {action === 'resolve' && <p>Resolved alerts leave the open queue. A new occurrence opens a new alert.</p>}
        {action === 'acknowledge' && <p>Acknowledged alerts stay open until they are resolved; the dashboard stops counting them as new.</p>}
        {action === 'note' && (
          <Form.Item name="note" label="Note" rules={[{ max: 2000 }]}>
            <Input.TextArea rows={4} placeholder="What was done, or what is awaited" />
          </Form.Item>
        )}
        {action === 'assign' && (
          <Form.Item name="assignee" label="Assignee's email" extra="A member of this tenant; leave it empty to unassign." rules={[{ type: 'email', message: 'Enter an email address' }]}>
            <Input type="email" autoComplete="off" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** The buttons of one open alert's row. */
export function AlertRowActions({ alert, onAction }: { alert: AlertRow; onAction: (a: AlertAction) => void }) {
  return (
    <Space size={4} wrap>
      {!alert.resolved && !alert.acknowledged && (
        <Button size="small" onClick={() => onAction('acknowledge')} aria-label={`Acknowledge alert: ${alert.message}`}>
          Acknowledge
        </Button>
      )}
      {!alert.resolved && (
        <Button size="small" onClick={() => onAction('resolve')} aria-label={`Resolve alert: ${alert.message}`}>
          Resolve
        </Button>
      )}
      {!alert.resolved && (
        <Button size="small" type="text" onClick={() => onAction('assign')} aria-label={`Assign alert: ${alert.message}`}>
          Assign
        </Button>
      )}
      <Button size="small" type="text" onClick={() => onAction('note')} aria-label={`Note on alert: ${alert.message}`}>
        Note
      </Button>
    </Space>
  );
}
