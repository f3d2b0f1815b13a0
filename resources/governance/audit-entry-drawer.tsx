/**
 * One audit entry in a drawer (docs/governance.md "Audit log"): who, what, when, the request's
 * correlation id, the computed diff (each changed path with its old and new value) and the whole
 * before and after.
 */
import { Descriptions, Drawer, Empty, Table, Typography } from 'antd';
import type { AuditChange, AuditEntry } from '../../contract/audit';
import { JsonViewer } from '../shared/json-viewer';

const show = (v: unknown) => (v === null || v === undefined ? <Typography.Text type="secondary">(none)</Typography.Text> : <code style={{ wordBreak: 'break-word' }}>{typeof v === 'string' ? v : JSON.stringify(v)}</code>);

export function AuditEntryDrawer({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  return (
    <Drawer open={entry !== null} onClose={onClose} width={720} title={entry ? `${entry.action} · ${entry.resource}${entry.resource_id ? ` ${entry.resource_id}` : ''}` : ''} destroyOnHidden>
      {entry && (
        <>
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="When">{new Date(entry.created_at).toLocaleString()}</Descriptions.Item>
            <Descriptions.Item label="Who">{entry.actor_email ?? 'automation'}</Descriptions.Item>
            <Descriptions.Item label="Action">{entry.action}</Descriptions.Item>
            <Descriptions.Item label="Resource">{entry.resource}</Descriptions.Item>
            <Descriptions.Item label="Resource ID">{entry.resource_id ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Correlation ID">{entry.correlation_id ?? '—'}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>What changed</Typography.Title>
          {entry.diff.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nothing changed between before and after" />
          ) : (
            <Table<AuditChange>
              aria-label="Changes"
              size="small"
              rowKey="path"
              pagination={false}
              dataSource={entry.diff}
              style={{ marginBottom: 16 }}
              columns={[
                { title: 'Field', dataIndex: 'path', render: (p: string) => <code>{p}</code> },
                { title: 'Before', dataIndex: 'before', render: show },
                { title: 'After', dataIndex: 'after', render: show },
              ]}
            />
          )}
          <div style={{ display: 'grid', gap: 12 }}>
            <JsonViewer label="Before" value={entry.before} />
            <JsonViewer label="After" value={entry.after} />
          </div>
        </>
      )}
    </Drawer>
  );
}
