/**
 * Governance › Audit Logs (docs/governance.md "Audit log"): every change of the tenant, newest first,
 * filtered on the server (who, action, resource, resource ID, time range, correlation ID), in keyset
 * pages ("Load more"); an entry opens in a drawer with its before, after and diff; "Export" makes a
 * CSV or JSON Lines file of the filtered view in the background (docs/governance.md "Exports").
 */
import { useState } from 'react';
import { Button, Empty, Flex, Table, Typography } from 'antd';
import type { AuditEntry } from '../../contract/audit';
import { LoadError } from '../shared/list-error';
import { ago } from '../shared/ops-format';
import { AuditFilters } from './audit-filters';
import { AuditEntryDrawer } from './audit-entry-drawer';
import { AuditExport } from './audit-export';
import { activeFilters, useAuditPages, type AuditFilterValues } from './audit-query';

export default function AuditLogsTab() {
  const [filters, setFilters] = useState<AuditFilterValues>({});
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const q = useAuditPages(filters);
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];
  const total = q.data?.pages[0]?.pagination.total;
  const filtered = Object.keys(activeFilters(filters)).length > 0;
  return (
    <>
      <Flex justify="space-between" align="start" gap={16} wrap>
        <AuditFilters value={filters} onChange={setFilters} />
        <AuditExport filters={filters} />
      </Flex>
      {q.isError ? (
        <LoadError what="the audit log" error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <>
          <Table<AuditEntry>
            aria-label="Audit log"
            rowKey="id"
            size="middle"
            loading={q.isPending}
            dataSource={rows}
            pagination={false}
            scroll={{ x: 900 }}
            locale={{ emptyText: q.isPending ? ' ' : <Empty description={filtered ? 'No entries match these filters' : 'No changes recorded yet'} /> }}
            onRow={(r) => ({ onClick: () => setOpen(r), style: { cursor: 'pointer' } })}
            columns={[
              {
                title: 'When',
                dataIndex: 'created_at',
                width: 170,
                render: (at: string) => <time dateTime={at} title={new Date(at).toLocaleString()}>{ago(at)}</time>,
              },
              { title: 'Who', dataIndex: 'actor_email', render: (e: string | null) => e ?? <Typography.Text type="secondary">automation</Typography.Text> },
              {
                title: 'Action',
                dataIndex: 'action',
                render: (a: string, r) => (
                  <Button type="link" style={{ padding: 0 }} onClick={(ev) => { ev.stopPropagation(); setOpen(r); }}>
                    {a}
                  </Button>
                ),
              },
              { title: 'Resource', dataIndex: 'resource' },
              { title: 'Resource ID', dataIndex: 'resource_id', render: (id: string | null) => id ?? '—', ellipsis: true },
              { title: 'Changes', key: 'changes', width: 100, render: (_: unknown, r) => r.diff.length },
            ]}
          />
          {rows.length > 0 && (
            <Flex justify="space-between" align="center" style={{ marginTop: 12 }}>
              <Typography.Text type="secondary">
                {rows.length} of {total ?? rows.length} {total === 1 ? 'entry' : 'entries'}
              </Typography.Text>
              {q.hasNextPage && (
                <Button onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage}>
                  Load more
                </Button>
              )}
            </Flex>
          )}
        </>
      )}
      <AuditEntryDrawer entry={open} onClose={() => setOpen(null)} />
    </>
  );
}
