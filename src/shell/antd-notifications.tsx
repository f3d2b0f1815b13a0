/**
 * Refine's notification provider on antd's notifications — the behaviour of @refinedev/antd's
 * `useNotificationProvider` (undoable mutations show a countdown with an undo button), except that
 * the message is the notification's heading and the description the detail below it; written here because importing that package into the shell brings its markdown
 * renderer and pro-layout along into the first page's JavaScript (docs/performance.md "Delivery").
 * List and form pages still use @refinedev/antd; they load on demand.
 */
import { App, Button, Progress } from 'antd';
import { UndoOutlined } from '@ant-design/icons';
import type { NotificationProvider } from '@refinedev/core';

function UndoableNotification({ message, cancelMutation, undoableTimeout }: { message: string; cancelMutation?: () => void; undoableTimeout?: number }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginTop: -7 }}>
      <Progress type="circle" percent={(undoableTimeout ?? 0) * 20} format={(time) => time && time / 20} size={50} status="normal" />
      <span style={{ marginLeft: 8, width: '100%' }}>{message}</span>
      <Button style={{ flexShrink: 0 }} onClick={cancelMutation} disabled={undoableTimeout === 0} icon={<UndoOutlined />} aria-label="Undo" />
    </div>
  );
}

export function useAntdNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  return {
    open: ({ key, message, description, type, cancelMutation, undoableTimeout }) => {
      if (type === 'progress') {
        notification.open({
          key,
          description: (
            <UndoableNotification
              message={message}
              cancelMutation={() => {
                cancelMutation?.();
                notification.destroy(key ?? '');
              }}
              undoableTimeout={undoableTimeout}
            />
          ),
          message: null,
          duration: 0,
          closeIcon: <></>,
        });
      } else {
        // the message is the heading and the description the detail under it (Refine's own provider
        // swaps them, which puts "UPS Ground · 1Z…" above "Label bought for ORD-…")
        notification.open({ key, message, description: description || undefined, type });
      }
    },
    close: (key) => notification.destroy(key),
  };
}
