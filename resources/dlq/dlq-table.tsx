/**
 * The DLQ table (issue 6 §4, §9–§10): server-side paged dead letters with filters and search, row →
 * drawer, and the commands — replay one, replay selected, replay all matching the filter, discard with
 * a reason — each behind a confirmation. Used by /ops/dlq and by the DLQ tab of /streams.
 */
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Empty, Flex, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, RedoOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { BulkActionBar } from '../shared/bulk-action-bar';
import { LoadError } from '../shared/list-error';
import { type DlqEntry, type DlqFilter } from '../shared/ops-api';
import { dateTime } from '../shared/format';
import { ago, duration } from '../shared/ops-format';
import { DlqDrawer } from './dlq-drawer';
import { DlqFilters } from './dlq-filters';
import { DlqCommandDialog } from './dlq-command-dialog';
import type { DlqCommand } from './dlq-command';
import { DlqStatusTag } from './dlq-status-tag';
import { DLQ_PAGE_SIZES, dlqFilterOf, hasDlqFilters, parseDlqUrl, writeDlqUrl, type DlqUrlState } from './dlq-url';
import { useDlqList } from './use-dlq-list';

/** Read by screen readers, not shown (the column of row buttons needs a name). */
const HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } as const;

export interface DlqTableProps {
  /** Filter parts the page imposes when the URL leaves them open (the /streams policy filter). */
  base?: DlqFilter;
}

export function DlqTable({ base }: DlqTableProps) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseDlqUrl(params), [params]);
  const filter = useMemo(() => dlqFilterOf(state, base), [state, base]);
  const list = useDlqList(filter, state.page, state.pageSize);
  const client = useQueryClient();
  const [selected, setSelected] = useState<number[]>([]);
  const [open, setOpen] = useState<DlqEntry | null>(null);
  const [command, setCommand] = useState<DlqCommand | null>(null);

  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const known = new Map(rows.map((r) => [String(r.id), r]));
  const update = (patch: Partial<DlqUrlState>) => {
    setSelected([]);
    setParams(writeDlqUrl(params, { ...state, ...patch }), { replace: true });
  };
  const refresh = () => void client.invalidateQueries({ queryKey: ['dlq'] });

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

  const pendingView = filter.status === 'pending';
  return (
    <>
      <DlqFilters state={state} onChange={update} onClear={() => update({ subject: undefined, consumer: undefined, error: undefined, age: undefined, status: 'pending', page: 1 })} />
      {list.isError && <LoadError error={list.error} onRetry={() => void list.refetch()} what="the dead-letter queue" />}
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary" aria-live="polite">
          {list.isPending ? 'Loading…' : `${total.toLocaleString('en-US')} ${filter.status === 'all' ? '' : `${filter.status} `}${total === 1 ? 'message' : 'messages'}`}
        </Typography.Text>
        {pendingView && (
          <Button
            icon={<RedoOutlined />}
            disabled={total === 0}
            onClick={() => setCommand({ kind: 'replay-filter', filter, total })}
          >
            {hasDlqFilters(state) || base ? 'Replay all matching' : 'Replay all'}
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
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={list.isPending}
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
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={hasDlqFilters(state) || base ? 'No dead letters match these filters' : 'The dead-letter queue is empty: every message was delivered'}
            />
          ),
        }}
        pagination={{
          current: state.page,
          pageSize: state.pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: DLQ_PAGE_SIZES.map(String),
          showTotal: (t) => `${t.toLocaleString('en-US')} total`,
          onChange: (page, pageSize) => update({ page: pageSize !== state.pageSize ? 1 : page, pageSize }),
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
