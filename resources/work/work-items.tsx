/**
 * The "Work items" tab of /work (docs/alerts.md "Work items"): orders on hold and the dropshipping
 * automation's failed steps (GET /work/items) as a server-side table — the oldest first, by kind,
 * searched by order number or SKU — each with its reason and the action that clears it: "Release
 * hold" (POST /orders/{id}/release-hold), a retry of the step (POST /dlq/{id}/replay, an operator's),
 * or the order's page when the action needs a form ("Choose supplier"). Refreshed by order,
 * fulfillment and dead-letter events (one refetch per burst) and every 10 s while visible.
 */
import { useEffect, useState } from 'react';
import { Button, Empty, Flex, Select, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useCan, useNotification } from '@refinedev/core';
import { resourceChannel } from '../../contract/events';
import { REFRESH } from '../../contract/constants';
import type { WorkItemKind, WorkItemRow } from '../../contract/work-items';
import { finalMessage } from '../../providers/api';
import { useLiveHub } from '../../providers/live';
import { ListStatus, emptyText } from '../shared/list-status';
import { useListTable } from '../shared/use-list-table';
import { useCoalesced } from '../shared/use-coalesced';
import { useCommand } from '../shared/use-command';
import { FilterBar } from '../shared/filter-bar';
import { dateTime } from '../shared/format';
import { ago } from '../shared/ops-format';

const KIND_LABEL: Record<WorkItemKind, string> = { hold: 'On hold', automation_failure: 'Automation failure' };
const STEP_LABEL: Record<string, string> = { routing: 'routing', label: 'label purchase', tracking: 'tracking push', intake: 'intake' };
const LABELS = { kind: 'Kind', search: 'Search' };
/** Where the automation's events arrive: any of them may add or clear an item. */
const CHANNELS = ['orders', 'fulfillment', 'dlq'].map(resourceChannel);

const orderLink = (id: string) => `/orders/${encodeURIComponent(id)}`;

export function WorkItems() {
  const hub = useLiveHub();
  const send = useCommand();
  const { open } = useNotification();
  const canRelease = useCan({ resource: 'orders', action: 'update' }).data?.can === true;
  const canRetry = useCan({ resource: 'dlq', action: 'manage' }).data?.can === true;
  const list = useListTable<WorkItemRow>({ resource: 'work_items', meta: { path: '/work/items' }, refetchInterval: REFRESH.opsSummaryMs });
  const { tableProps, tableQuery, setFilter, clearFilters, filterValue, retrying, refused } = list;
  const [busy, setBusy] = useState<string | null>(null);

  const refresh = useCoalesced(() => void tableQuery.refetch());
  useEffect(() => {
    const offs = CHANNELS.map((c) => hub.subscribe(c, refresh));
    return () => offs.forEach((off) => off());
  }, [hub, refresh]);

  const kind = filterValue('kind') as WorkItemKind | undefined;
  const narrowed = !!(kind || filterValue('search'));
  const total = tableQuery.data?.total ?? 0;

  const act = async (r: WorkItemRow) => {
    setBusy(r.id);
    try {
      if (r.action === 'release_hold') {
        await send(`/orders/${encodeURIComponent(r.order_id!)}/release-hold`);
        open?.({ type: 'success', message: `Hold released on ${r.order_id}`, description: 'The order is routed again.' });
      } else {
        await send(`/dlq/${encodeURIComponent(r.dlq_id!)}/replay`);
        open?.({ type: 'success', message: `${r.action_label}: sent again`, description: r.order_id ? `The automation resumes order ${r.order_id} where it stopped.` : 'The automation resumes where it stopped.' });
      }
    } catch (e) {
      open?.({ type: 'error', message: `Could not ${r.action_label.toLowerCase()}`, description: finalMessage(e) });
    } finally {
      setBusy(null);
      refresh();
    }
  };

  const action = (r: WorkItemRow) => {
    const what = r.order_id ? ` for order ${r.order_id}` : '';
    if (r.action === 'choose_supplier' || (r.action === 'release_hold' && !canRelease) || (r.action === 'retry' && !canRetry)) {
      if (!r.order_id) return <Typography.Text type="secondary">An operator retries it from the dead-letter queue</Typography.Text>;
      const label = r.action === 'choose_supplier' ? 'Choose supplier' : 'Open order';
      return (
        <Flex vertical gap={2}>
          <Link to={orderLink(r.order_id)} aria-label={`${label}${what}`}>
            {label}
          </Link>
          {r.action === 'retry' && <Typography.Text type="secondary" style={{ fontSize: 12 }}>An operator retries the step</Typography.Text>}
        </Flex>
      );
    }
    return (
      <Button size="small" type="primary" loading={busy === r.id} disabled={busy !== null && busy !== r.id} aria-label={`${r.action_label}${what}`} onClick={() => void act(r)}>
        {r.action_label}
      </Button>
    );
  };

  const columns: ColumnsType<WorkItemRow> = [
    {
      title: 'Kind',
      dataIndex: 'kind',
      width: 170,
      render: (k: WorkItemKind, r) => (
        <Flex vertical gap={2}>
          <Tag color={k === 'hold' ? 'gold' : 'red'} style={{ width: 'fit-content' }}>
            {KIND_LABEL[k]}
          </Tag>
          {r.step && <Typography.Text type="secondary" style={{ fontSize: 12 }}>Step: {STEP_LABEL[r.step] ?? r.step}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: 'Order',
      dataIndex: 'order_id',
      width: 190,
      render: (id: string | null, r) => (
        <Flex vertical gap={2}>
          {id ? <Link to={orderLink(id)}>{id}</Link> : <span>—</span>}
          {r.skus.length > 0 && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.skus.join(', ')}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: 'Reason',
      dataIndex: 'reason',
      render: (reason: string, r) => (
        <Flex vertical gap={2}>
          <span>{reason}</span>
          {r.attempts !== null && <Typography.Text type="secondary" style={{ fontSize: 12 }}>Gave up after {r.attempts} attempts</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: 'Waiting',
      key: 'age',
      dataIndex: 'since',
      width: 120,
      sorter: true,
      render: (since: string) => (
        <Tooltip title={`Since ${dateTime(since)}`}>
          <span>{ago(since)}</span>
        </Tooltip>
      ),
    },
    { title: 'Action', key: 'action', width: 200, render: (_: unknown, r) => action(r) },
  ];

  return (
    <>
      <FilterBar
        search={filterValue('search')}
        onSearch={(v) => setFilter('search', v || undefined)}
        placeholder="Search by order number or SKU"
        active={narrowed}
        onClear={clearFilters}
      >
        <Select
          allowClear
          placeholder="Kind"
          aria-label="Kind"
          style={{ minWidth: 200 }}
          value={kind}
          onChange={(v?: WorkItemKind) => setFilter('kind', v)}
          options={[
            { value: 'hold', label: 'Orders on hold' },
            { value: 'automation_failure', label: 'Automation failures' },
          ]}
        />
      </FilterBar>
      <ListStatus what="the work items" query={tableQuery} retrying={retrying} refused={refused} labels={LABELS} />
      <Typography.Text type="secondary" aria-live="polite" style={{ display: 'block', marginBottom: 12 }}>
        {tableQuery.isPending ? 'Loading…' : `${total.toLocaleString('en-US')} ${total === 1 ? 'work item' : 'work items'}, the oldest first`}
      </Typography.Text>
      <Table<WorkItemRow>
        {...tableProps}
        rowKey="id"
        size="middle"
        columns={columns}
        scroll={{ x: 900 }}
        locale={{
          emptyText: emptyText(
            tableQuery,
            retrying,
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={narrowed ? 'No work items match these filters' : 'Nothing waits: no order is on hold and no automation step failed'}
            />,
          ),
        }}
      />
    </>
  );
}
