/**
 * The DLQ table (docs/ops-ui.md): server-side paged dead letters with filters and search, row →
 * drawer, and the commands — replay one, replay selected, replay all matching the filter, discard with
 * a reason — each behind a confirmation. Used by /ops/dlq and by the DLQ tab of /streams. Reads go
 * through Refine's useTable (state in the URL), kept fresh by a 10 s poll and the live stream.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Empty, Flex, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, RedoOutlined } from '@ant-design/icons';
import { useInvalidate, type CrudFilter } from '@refinedev/core';
import { REFRESH } from '../../contract/constants';
import type { DlqEntry } from '../../contract/dlq';
import { useLiveHub } from '../../providers/live';
import { BulkActionBar } from '../shared/bulk-action-bar';
import { ListStatus, emptyText } from '../shared/list-status';
import { useListTable } from '../shared/use-list-table';
import { dateTime } from '../shared/format';
import { ago, duration } from '../shared/ops-format';
import { DlqDrawer } from './dlq-drawer';
import { DlqFilters } from './dlq-filters';
import { DlqCommandDialog } from './dlq-command-dialog';
import type { DlqCommand } from './dlq-command';
import { DLQ_PAGE_SIZES, commandFilterOf, hasDlqFilters, statusOf } from './dlq-list-filters';
import { DlqStatusTag } from './dlq-status-tag';

/** Read by screen readers, not shown (the column of row buttons needs a name). */
const HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } as const;

const DLQ_FILTER_LABELS = { subject: 'Subject', consumer: 'Consumer', error: 'Error text', min_age_s: 'Minimum age', max_age_s: 'Maximum age', status: 'Status' };

export interface DlqTableProps {
  /** A subject the page imposes when the URL names none (the /streams policy filter). */
  baseSubject?: string;
}

export function DlqTable({ baseSubject }: DlqTableProps) {
  const permanent = useMemo<CrudFilter[] | undefined>(() => (baseSubject ? [{ field: 'subject', operator: 'eq', value: baseSubject }] : undefined), [baseSubject]);
  const list = useListTable<DlqEntry>({ resource: 'dlq', pageSize: DLQ_PAGE_SIZES[0], pageSizes: DLQ_PAGE_SIZES, permanent, refetchInterval: REFRESH.opsSummaryMs });
  const { tableProps, tableQuery, filters, setFilter, clearFilters, filterValue, retrying, refused } = list;
  const invalidate = useInvalidate();
  const liveHub = useLiveHub();
  const [selected, setSelected] = useState<number[]>([]);
  const [open, setOpen] = useState<DlqEntry | null>(null);
  const [command, setCommand] = useState<DlqCommand | null>(null);

  // a dead letter added, replayed or discarded anywhere refreshes the list at once
  useEffect(() => liveHub.subscribe('resources/dlq', () => void invalidate({ resource: 'dlq', invalidates: ['list'] })), [liveHub, invalidate]);

  const rows = tableProps.dataSource ?? [];
  const total = tableQuery.data?.total ?? 0;
  const status = statusOf(filters);
  const narrowed = hasDlqFilters(filters, permanent) || !!baseSubject;
  const known = new Map(rows.map((r) => [String(r.id), r]));
  const refresh = () => void invalidate({ resource: 'dlq', invalidates: ['list', 'detail'] });

  const columns: ColumnsType<DlqEntry> = [
    {
      title: 'Subject',
      dataIndex: 'subject',
      width: 230,
      render: (subject: string, r) => (
        <Button type="link" style={{ padding: 0, height: 'auto' }} onClick={() => setOpen(r)} aria-label={`Open dead letter ${r.id} ${subject}`}>
          <Typography.Text code>{subject}</Typography.Text>
        </Button>
      ),
    },
    { title: 'Consumer', dataIndex: 'consumer', width: 120, ellipsis: true },
    {
      title: 'Error',
      dataIndex: 'last_error',
      width: 220,
      ellipsis: { showTitle: false },
      render: (e: string | null) => (
        <Tooltip title={e} placement="topLeft">
          <Typography.Text type="danger">{e ?? '—'}</Typography.Text>
        </Tooltip>
      ),
    },
    { title: 'Attempts', dataIndex: 'attempts', align: 'right', width: 90 },
    { title: 'First failure', dataIndex: 'first_failure_at', render: (v: string) => dateTime(v), width: 140 },
    { title: 'Last failure', dataIndex: 'last_failure_at', render: (v: string) => <span title={dateTime(v)}>{ago(v)}</span>, width: 110 },
    { title: 'Age', dataIndex: 'age_s', render: (v: number) => duration(v), width: 90 },
    { title: 'Status', dataIndex: 'status', render: (s: DlqEntry['status']) => <DlqStatusTag status={s} />, width: 100 },
    {
      title: <span style={HIDDEN}>Actions</span>,
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_: unknown, r) =>
        r.status === 'pending' && (
          <Button size="small" icon={<RedoOutlined />} onClick={() => setCommand({ kind: 'replay', ids: [r.id] })} aria-label={`Replay dead letter ${r.id}`}>
            Replay
          </Button>
        ),
    },
  ];

  return (
    <>
      <DlqFilters
        filters={filters}
        value={filterValue}
        onChange={(field, v) => {
          setSelected([]);
          setFilter(field, v);
        }}
        active={hasDlqFilters(filters, permanent)}
        onClear={() => {
          setSelected([]);
          clearFilters();
        }}
      />
      <ListStatus what="the dead-letter queue" query={tableQuery} retrying={retrying} refused={refused} labels={DLQ_FILTER_LABELS} />
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary" aria-live="polite">
          {tableQuery.isPending ? 'Loading…' : `${total.toLocaleString('en-US')} ${status === 'all' ? '' : `${status} `}${total === 1 ? 'message' : 'messages'}`}
        </Typography.Text>
        {status === 'pending' && (
          <Button icon={<RedoOutlined />} disabled={total === 0} onClick={() => setCommand({ kind: 'replay-filter', filter: { ...commandFilterOf(filters) }, total })}>
            {narrowed ? 'Replay all matching' : 'Replay all'}
          </Button>
        )}
      </Flex>
      <BulkActionBar count={selected.length} onClear={() => setSelected([])}>
        <Button type="primary" icon={<RedoOutlined />} onClick={() => setCommand({ kind: 'replay', ids: selected })}>
          Replay selected
        </Button>
        <Button danger icon={<DeleteOutlined />} onClick={() => setCommand({ kind: 'discard', ids: selected })}>
          Discard selected
        </Button>
      </BulkActionBar>
      <Table<DlqEntry>
        {...tableProps}
        rowKey="id"
        size="middle"
        columns={columns}
        scroll={{ x: 1240 }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          getCheckboxProps: (r) => ({ disabled: r.status !== 'pending', 'aria-label': `Select dead letter ${r.id}` }),
        }}
        onRow={(r) => ({
          // a click on the row opens it; its own controls (checkbox, buttons) keep their action
          onClick: (ev) => {
            if (!(ev.target as HTMLElement).closest('button, input, label, .ant-checkbox-wrapper')) setOpen(r);
          },
          style: { cursor: 'pointer' },
        })}
        locale={{
          emptyText: emptyText(
            tableQuery,
            retrying,
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={narrowed ? 'No dead letters match these filters' : 'The dead-letter queue is empty: every message was delivered'}
            />,
          ),
        }}
      />
      <DlqDrawer
        entry={open}
        onClose={() => setOpen(null)}
        onReplay={(e) => setCommand({ kind: 'replay', ids: [e.id] })}
        onDiscard={(e) => setCommand({ kind: 'discard', ids: [e.id] })}
      />
      <DlqCommandDialog
        command={command}
        labelOf={(id) => {
          const r = known.get(id);
          return r ? `#${id} ${r.subject}` : `#${id}`;
        }}
        onClose={() => setCommand(null)}
        onDone={() => {
          setSelected([]);
          setOpen(null);
          refresh();
        }}
      />
    </>
  );
}
