/**
 * /work — Alerts and Work Queue (docs/alerts.md): the tenant's alerts as a server-side table in tabs
 * (open, assigned to me, acknowledged, resolved) with severity, source and text filters, each
 * alert's deep link to its object, and acknowledge / resolve / assign / note one by one, on a
 * selection, or on everything the filters match. New and changed alerts arrive live (a burst costs
 * one refetch), and the list polls while the tab is visible. A fifth tab, "Work items" (`?tab=items`,
 * ./work-items.tsx), lists the orders on hold and the automation's failed steps with the action
 * that clears each; each tab keeps its own state in the URL.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Empty, Flex, Input, Select, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useInvalidate, type CrudFilter } from '@refinedev/core';
import { ALERT_LEVELS, type AlertAction, type AlertRow, type AlertSeverity } from '../../contract/alerts';
import { REFRESH } from '../../contract/constants';
import { useLiveHub } from '../../providers/live';
import { useAuth } from '../../providers/auth/auth-context';
import { PageHeader } from '../../src/shell/page-header';
import { LiveBadge } from '../shared/ops-live-status';
import { BulkActionBar } from '../shared/bulk-action-bar';
import { ListStatus, emptyText } from '../shared/list-status';
import { useListTable } from '../shared/use-list-table';
import { useCoalesced } from '../shared/use-coalesced';
import { FilterBar } from '../shared/filter-bar';
import { dateTime } from '../shared/format';
import { ago } from '../shared/ops-format';
import { AlertActionDialog, AlertRowActions, type AlertTargets } from './alert-actions';
import { WorkItems } from './work-items';

const TABS = [
  { key: 'open', label: 'Open', filters: { status: 'open', assignee: undefined } },
  { key: 'mine', label: 'Assigned to me', filters: { status: 'open', assignee: 'me' } },
  { key: 'acknowledged', label: 'Acknowledged', filters: { status: 'acknowledged', assignee: undefined } },
  { key: 'resolved', label: 'Resolved', filters: { status: 'resolved', assignee: undefined } },
] as const;
/** The work items' tab: a page parameter (`tab`), not a filter of the alerts (providers/router/list-params.ts). */
const ITEMS_TAB = { key: 'items', label: 'Work items' } as const;
const TAB_ITEMS = [...TABS.map((t) => ({ key: t.key, label: t.label })), ITEMS_TAB];

/** The URL of an alerts tab, from anywhere on the page. */
function alertsTabUrl(key: string): string {
  const t = TABS.find((x) => x.key === key) ?? TABS[0];
  const q = new URLSearchParams();
  if (t.filters.status !== 'open') q.set('status', t.filters.status);
  if (t.filters.assignee) q.set('assignee', t.filters.assignee);
  const s = q.toString();
  return s ? `/work?${s}` : '/work';
}

const HEADER = { title: 'Alerts and Work Queue', subtitle: 'Alerts from every part of the store and the platform, to acknowledge, assign and resolve.' };

/** /work: the alerts in four tabs, or the work items in the fifth; each a table of its own with its own URL state. */
export default function WorkPage() {
  const [params] = useSearchParams();
  return params.get('tab') === ITEMS_TAB.key ? <WorkItemsTab /> : <AlertsQueue />;
}

function WorkItemsTab() {
  const hub = useLiveHub();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={HEADER.title} subtitle={HEADER.subtitle} extra={<LiveBadge hub={hub} />} />
      <Tabs activeKey={ITEMS_TAB.key} onChange={(k) => k !== ITEMS_TAB.key && navigate(alertsTabUrl(k))} items={TAB_ITEMS} />
      <WorkItems />
    </>
  );
}

const SEVERITY_COLOR: Record<AlertSeverity, string> = {
  critical: 'red', high: 'volcano', error: 'red', warning: 'gold', medium: 'orange', low: 'blue', info: 'default',
};
const LABELS = { status: 'Status', severity: 'Severity', source: 'Source', assignee: 'Assignee', search: 'Search' };

export function SeverityTag({ severity }: { severity: AlertSeverity }) {
  return <Tag color={SEVERITY_COLOR[severity]}>{severity}</Tag>;
}

function AlertsQueue() {
  const hub = useLiveHub();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const me = useAuth().profile?.email ?? '';
  const list = useListTable<AlertRow>({ resource: 'alerts', refetchInterval: REFRESH.opsSummaryMs });
  const { tableProps, tableQuery, filters, setFilter, clearFilters, filterValue, retrying, refused } = list;
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<{ action: AlertAction; targets: AlertTargets } | null>(null);

  const refresh = useCoalesced(() => void invalidate({ resource: 'alerts', invalidates: ['list'] }));
  // a new alert (alerts.*) or a person's change (alert_queue.changed) refreshes the list
  useEffect(() => hub.subscribe('resources/alerts', refresh), [hub, refresh]);

  const status = filterValue('status') ?? 'open';
  const assignee = filterValue('assignee');
  const tab = status === 'open' && assignee === 'me' ? 'mine' : status;
  const rows = tableProps.dataSource ?? [];
  const total = tableQuery.data?.total ?? 0;
  const narrowed = !!(filterValue('severity') || filterValue('source') || filterValue('search'));
  const commandFilter = useMemo(
    () => Object.fromEntries((filters as CrudFilter[]).flatMap((f) => ('field' in f && f.value !== undefined && f.value !== '' ? [[f.field === 'q' ? 'search' : f.field, f.value]] : []))),
    [filters],
  );

  const columns: ColumnsType<AlertRow> = [
    { title: 'Severity', dataIndex: 'severity', key: 'severity', width: 110, sorter: true, render: (s: AlertSeverity) => <SeverityTag severity={s} /> },
    {
      title: 'Alert',
      dataIndex: 'message',
      render: (m: string, r) => (
        <Flex vertical gap={2}>
          {r.link ? <Link to={r.link}>{m}</Link> : <span>{m}</span>}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.type.replaceAll('_', ' ')} · {r.source}
            {r.note ? ` · Note: ${r.note}` : ''}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: 'Times', dataIndex: 'count', key: 'count', width: 90, align: 'right', sorter: true, render: (n: number) => n.toLocaleString('en-US') },
    {
      title: 'Last seen',
      dataIndex: 'last_seen_at',
      key: 'last_seen_at',
      width: 120,
      sorter: true,
      render: (v: string, r) => (
        <Tooltip title={`First ${dateTime(r.created_at)}, last ${dateTime(v)}`}>
          <span>{ago(v)}</span>
        </Tooltip>
      ),
    },
    {
      title: 'State',
      key: 'state',
      width: 170,
      render: (_: unknown, r) =>
        r.resolved ? (
          <span>Resolved by {r.resolved_by}</span>
        ) : (
          <Flex vertical gap={2}>
            <span>{r.acknowledged ? `Acknowledged by ${r.acknowledged_by}` : 'New'}</span>
            {r.assignee && <Typography.Text type="secondary">Assigned to {r.assignee === me ? 'me' : r.assignee}</Typography.Text>}
          </Flex>
        ),
    },
    { title: 'Actions', key: 'actions', width: 250, render: (_: unknown, r) => <AlertRowActions alert={r} onAction={(action) => setDialog({ action, targets: { ids: [r.id] } })} /> },
  ];

  return (
    <>
      <PageHeader title={HEADER.title} subtitle={HEADER.subtitle} extra={<LiveBadge hub={hub} />} />
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          if (k === ITEMS_TAB.key) return void navigate(`/work?tab=${ITEMS_TAB.key}`);
          const t = TABS.find((x) => x.key === k)!;
          setSelected([]);
          setFilter('status', t.filters.status);
          setFilter('assignee', t.filters.assignee);
        }}
        items={TAB_ITEMS}
      />
      <FilterBar
        search={filterValue('search')}
        onSearch={(v) => setFilter('search', v || undefined)}
        placeholder="Search alerts"
        active={narrowed}
        onClear={() => {
          setSelected([]);
          clearFilters();
          setFilter('status', status);
          setFilter('assignee', assignee);
        }}
      >
        <Select
          mode="multiple"
          allowClear
          placeholder="Severity"
          aria-label="Severity"
          style={{ minWidth: 180 }}
          value={filterValue('severity')?.split(',') ?? []}
          onChange={(v: string[]) => setFilter('severity', v.length ? v.join(',') : undefined)}
          options={ALERT_LEVELS.map((s) => ({ value: s, label: s }))}
        />
        <Input
          allowClear
          placeholder="Source"
          aria-label="Source"
          style={{ width: 200 }}
          defaultValue={filterValue('source')}
          key={filterValue('source') ?? ''}
          onPressEnter={(e) => setFilter('source', (e.target as HTMLInputElement).value || undefined)}
          onBlur={(e) => setFilter('source', e.target.value || undefined)}
        />
      </FilterBar>
      <ListStatus what="the alerts" query={tableQuery} retrying={retrying} refused={refused} labels={LABELS} />
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary" aria-live="polite">
          {tableQuery.isPending ? 'Loading…' : `${total.toLocaleString('en-US')} ${total === 1 ? 'alert' : 'alerts'}`}
        </Typography.Text>
        {status !== 'resolved' && total > 0 && (
          <Flex gap={8}>
            {status === 'open' && (
              <Button onClick={() => setDialog({ action: 'acknowledge', targets: { filter: commandFilter, total } })}>{narrowed ? 'Acknowledge all matching' : 'Acknowledge all'}</Button>
            )}
            <Button onClick={() => setDialog({ action: 'resolve', targets: { filter: commandFilter, total } })}>{narrowed ? 'Resolve all matching' : 'Resolve all'}</Button>
          </Flex>
        )}
      </Flex>
      <BulkActionBar count={selected.length} onClear={() => setSelected([])}>
        <Button onClick={() => setDialog({ action: 'acknowledge', targets: { ids: selected } })}>Acknowledge</Button>
        <Button type="primary" onClick={() => setDialog({ action: 'resolve', targets: { ids: selected } })}>Resolve</Button>
        <Button onClick={() => setDialog({ action: 'assign', targets: { ids: selected } })}>Assign</Button>
        <Button onClick={() => setDialog({ action: 'note', targets: { ids: selected } })}>Note</Button>
      </BulkActionBar>
      <Table<AlertRow>
        {...tableProps}
        rowKey="id"
        size="middle"
        columns={columns}
        scroll={{ x: 1000 }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          getCheckboxProps: (r) => ({ disabled: false, 'aria-label': `Select alert: ${r.message}` }),
        }}
        locale={{
          emptyText: emptyText(
            tableQuery,
            retrying,
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={narrowed ? 'No alerts match these filters' : tab === 'resolved' ? 'No resolved alerts yet' : tab === 'mine' ? 'Nothing is assigned to you' : 'All clear: no open alerts'}
            />,
          ),
        }}
      />
      {rows.length > 0 && status === 'open' && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          Orders on hold and failed automation steps wait in the <Link to="/work?tab=items">Work items</Link> tab, each with the action that clears it.
        </Typography.Paragraph>
      )}
      {dialog && (
        <AlertActionDialog
          action={dialog.action}
          targets={dialog.targets}
          me={me}
          onClose={() => setDialog(null)}
          onDone={() => {
            setSelected([]);
            refresh();
          }}
        />
      )}
    </>
  );
}
