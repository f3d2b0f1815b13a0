/**
 * The advances (docs/capital.md "Advances"): GET /capital/advances paged, sorted and filtered by the
 * server (status, order id; kept in the URL), polled with the snapshot and refreshed by capital.*
 * events. Each row shows its repayment progress; an admin approves or rejects a requested advance
 * (each asks first), a seller pays off one being repaid.
 */
import { useState } from 'react';
import { Button, Flex, Input, Modal, Popconfirm, Progress, Select, Table, Tag, Typography } from 'antd';
import { useNotification } from '@refinedev/core';
import { ADVANCE_STATUSES, ADVANCE_STATUS_LABEL, OFFER_KIND_LABEL, type AdvanceRow, type AdvanceStatus } from '../../contract/capital';
import { REFRESH } from '../../contract/constants';
import { formatBp, formatCents } from '../../contract/money';
import { finalMessage } from '../../providers/api';
import { CommandGate } from '../../src/shell/command-gate';
import { FilterBar } from '../shared/filter-bar';
import { ListStatus } from '../shared/list-status';
import { useCommand } from '../shared/use-command';
import { useListTable } from '../shared/use-list-table';
import { sortable } from '../shared/sortable';
import capitalModule from './index';

const STATUS_COLOR: Record<AdvanceStatus, string> = { requested: 'gold', approved: 'blue', rejected: 'red', disbursed: 'blue', repaying: 'cyan', repaid: 'green' };

function RejectButton({ advance, onDone }: { advance: AdvanceRow; onDone: () => void }) {
  const send = useCommand();
  const { open } = useNotification();
  const [shown, setShown] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const reject = async () => {
    setBusy(true);
    try {
      await send(`/capital/advances/${advance.id}/reject`, { reason: reason.trim() });
      open?.({ type: 'success', message: `Advance ${advance.number} rejected` });
      setShown(false);
      onDone();
    } catch (e) {
      open?.({ type: 'error', message: `Could not reject ${advance.number}`, description: finalMessage(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" danger onClick={() => setShown(true)}>Reject</Button>
      <Modal
        open={shown}
        title={`Reject advance ${advance.number}?`}
        okText="Reject advance"
        okButtonProps={{ danger: true, disabled: !reason.trim(), loading: busy }}
        onOk={() => void reject()}
        onCancel={() => setShown(false)}
      >
        <Typography.Paragraph>The seller sees the reason. Nothing is paid out.</Typography.Paragraph>
        <Input.TextArea aria-label="Reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} rows={3} />
      </Modal>
    </>
  );
}

export function AdvancesTable({ financing, onChanged }: { financing: boolean; onChanged: () => void }) {
  const send = useCommand();
  const { open } = useNotification();
  const list = useListTable<AdvanceRow>({ resource: 'advances', meta: { path: '/capital/advances' }, refetchInterval: REFRESH.capitalMs });
  const { tableProps, tableQuery, sorters, setFilter, clearFilters, filterValue, retrying, refused } = list;
  const [busy, setBusy] = useState<string | null>(null);
  const refresh = () => {
    void tableQuery.refetch();
    onChanged();
  };
  const act = async (a: AdvanceRow, what: 'approve' | 'payoff') => {
    setBusy(a.id);
    try {
      const after = await send<AdvanceRow>(`/capital/advances/${a.id}/${what}`);
      open?.({ type: 'success', message: what === 'approve' ? `Advance ${a.number} approved` : `Advance ${a.number} paid off`, description: what === 'approve' ? `${formatCents(after.principal_cents)} disbursed to cash.` : `${formatCents(a.outstanding_cents)} repaid.` });
      refresh();
    } catch (e) {
      open?.({ type: 'error', message: `Could not ${what === 'approve' ? 'approve' : 'pay off'} ${a.number}`, description: finalMessage(e) });
    } finally {
      setBusy(null);
    }
  };
  const status = filterValue('status');
  const orderId = filterValue('order_id');
  return (
    <>
      <FilterBar active={Boolean(status || orderId)} onClear={clearFilters}>
        <Select
          aria-label="Status"
          placeholder="Status"
          allowClear
          value={status}
          onChange={(v) => setFilter('status', v)}
          style={{ width: 160 }}
          options={ADVANCE_STATUSES.map((s) => ({ value: s, label: ADVANCE_STATUS_LABEL[s] }))}
        />
        <Input.Search key={orderId ?? ''} aria-label="Order id" placeholder="Order id" defaultValue={orderId} allowClear onSearch={(v) => setFilter('order_id', v.trim())} style={{ width: 200 }} />
      </FilterBar>
      <ListStatus what="advances" query={tableQuery} retrying={retrying} refused={refused} labels={{ status: 'Status', order_id: 'Order id' }} />
      <Table<AdvanceRow>
        {...tableProps}
        rowKey="id"
        size="small"
        scroll={{ x: true }}
        locale={{ emptyText: status || orderId ? 'No advances match these filters' : 'No advances yet' }}
        columns={[
          { key: 'number', dataIndex: 'number', title: 'Advance' },
          { key: 'offer_kind', dataIndex: 'offer_kind', title: 'Offer', render: (k: AdvanceRow['offer_kind'], a) => `${OFFER_KIND_LABEL[k]}${a.term_months ? `, ${a.term_months} months` : ''}` },
          { ...sortable('status', sorters), title: 'Status', render: (s: AdvanceStatus) => <Tag color={STATUS_COLOR[s]}>{ADVANCE_STATUS_LABEL[s]}</Tag> },
          { ...sortable('principal_cents', sorters), title: 'Principal', align: 'right', render: (v: number) => formatCents(v) },
          { key: 'fee_cents', dataIndex: 'fee_cents', title: 'Fee', align: 'right', render: (v: number) => formatCents(v) },
          { key: 'holdback_bp', dataIndex: 'holdback_bp', title: 'Holdback', align: 'right', render: (v: number) => formatBp(v) },
          {
            key: 'progress', title: 'Repaid', width: 220,
            render: (_: unknown, a) => (['disbursed', 'repaying', 'repaid'].includes(a.status) ? (
              <div>
                <Progress percent={Math.floor((a.repaid_cents * 100) / a.total_cents)} size="small" aria-label={`${a.number} repaid`} />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>{formatCents(a.repaid_cents)} of {formatCents(a.total_cents)}; {formatCents(a.outstanding_cents)} left</Typography.Text>
              </div>
            ) : a.status === 'rejected' ? <Typography.Text type="secondary">{a.reject_reason}</Typography.Text> : '—'),
          },
          { key: 'order_id', dataIndex: 'order_id', title: 'Order', render: (v: string | null) => v ?? '—' },
          { ...sortable('requested_at', sorters), title: 'Requested', render: (v: string, a) => `${new Date(v).toLocaleDateString('en-US')} by ${a.requested_by_email ?? '—'}` },
          {
            key: 'actions', title: 'Actions',
            render: (_: unknown, a) => (
              <Flex gap={4} wrap>
                {financing && a.status === 'requested' && (
                  <CommandGate command={capitalModule.commands.approve}>
                    <Popconfirm
                      title={`Approve advance ${a.number}?`}
                      description={`${formatCents(a.principal_cents)} is paid out now; ${formatCents(a.total_cents)} is repaid from payouts.`}
                      okText="Approve and disburse"
                      onConfirm={() => act(a, 'approve')}
                    >
                      <Button size="small" type="primary" loading={busy === a.id}>Approve</Button>
                    </Popconfirm>
                  </CommandGate>
                )}
                {financing && a.status === 'requested' && (
                  <CommandGate command={capitalModule.commands.reject}>
                    <RejectButton advance={a} onDone={refresh} />
                  </CommandGate>
                )}
                {financing && (a.status === 'disbursed' || a.status === 'repaying') && (
                  <CommandGate command={capitalModule.commands.payoff}>
                    <Popconfirm title={`Pay off ${a.number} now?`} description={`${formatCents(a.outstanding_cents)} leaves cash at once.`} okText="Pay off" onConfirm={() => act(a, 'payoff')}>
                      <Button size="small" loading={busy === a.id}>Pay off</Button>
                    </Popconfirm>
                  </CommandGate>
                )}
              </Flex>
            ),
          },
        ]}
      />
    </>
  );
}
