/**
 * `/payments?payout=<id>` (docs/payouts.md "Console"): a payout over the page — what it paid by kind
 * (sales, fees by type, refunds, reserve held and released, adjustments), whether its lines add up to
 * the deposit, and its lines, paged on the server (GET /api/payouts/{id}). Closing removes `payout`.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useCustom } from '@refinedev/core';
import { Alert, Descriptions, Drawer, Empty, Spin, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { OneResponse } from '../../contract/api';
import { PAGE } from '../../contract/constants';
import {
  FEE_TYPE_LABEL, PAYOUT_LINE_KIND_LABEL, PAYOUT_STATUS_LABEL, type PayoutDetail, type PayoutLineRow, type PayoutTotal,
} from '../../contract/payouts';
import { MARKETPLACE_LABEL } from '../../contract/orders';
import { LoadError } from '../shared/list-error';
import { dateTime, moneyCents } from '../shared/format';
import { STATUS_COLOR, day } from './payouts-tab';

const kindLabel = (t: { kind: PayoutTotal['kind']; fee_type: PayoutTotal['fee_type'] }) =>
  t.kind === 'fee' && t.fee_type ? `${PAYOUT_LINE_KIND_LABEL.fee}: ${FEE_TYPE_LABEL[t.fee_type].toLowerCase()}` : PAYOUT_LINE_KIND_LABEL[t.kind];

export function PayoutDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const [page, setPage] = useState<{ current: number; pageSize: number }>({ current: 1, pageSize: PAGE.defaultSize });
  const { query, result } = useCustom<OneResponse<PayoutDetail>>({
    url: `/payouts/${id ?? ''}`,
    method: 'get',
    config: { query: { lines_limit: page.pageSize, lines_offset: (page.current - 1) * page.pageSize } },
    queryOptions: { enabled: !!id },
  });
  const p = id ? result?.data?.data : undefined;
  const close = () => {
    setPage({ current: 1, pageSize: PAGE.defaultSize });
    onClose();
  };

  const lineColumns: TableColumnsType<PayoutLineRow> = [
    { title: '#', dataIndex: 'line_no', width: 50 },
    { title: 'Kind', key: 'kind', width: 170, render: (_: unknown, l) => kindLabel(l) },
    {
      title: 'Order', key: 'order', width: 190,
      render: (_: unknown, l) => (l.order_id
        ? <Link to={`/orders?id=${encodeURIComponent(l.order_id)}`}>{l.order_id}</Link>
        : l.external_order_id ? <Typography.Text type="secondary">{l.external_order_id}</Typography.Text> : '—'),
    },
    { title: 'Description', dataIndex: 'description' },
    { title: 'Amount', key: 'amount', align: 'right', width: 110, render: (_: unknown, l) => moneyCents(l.amount_cents, l.currency) },
    { title: 'Posted', key: 'posted', width: 150, render: (_: unknown, l) => dateTime(l.posted_at) },
  ];
  const totalColumns: TableColumnsType<PayoutTotal> = [
    { title: 'Kind', key: 'kind', render: (_: unknown, t) => kindLabel(t) },
    { title: 'Lines', dataIndex: 'lines', align: 'right', width: 80 },
    { title: 'Amount', key: 'amount', align: 'right', width: 130, render: (_: unknown, t) => moneyCents(t.amount_cents, p?.currency) },
  ];

  return (
    <Drawer open={!!id} onClose={close} width={860} title={p ? `Payout ${p.external_id}` : 'Payout'} destroyOnHidden>
      {query.isLoading && <Spin />}
      {query.isError && <LoadError what="this payout" error={query.error} onRetry={() => void query.refetch()} />}
      {p && (
        <>
          <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }} items={[
            { key: 'm', label: 'Marketplace', children: `${MARKETPLACE_LABEL[p.marketplace]} — ${p.account_name}` },
            { key: 's', label: 'Status', children: <Tag color={STATUS_COLOR[p.status]}>{PAYOUT_STATUS_LABEL[p.status]}</Tag> },
            { key: 'p', label: 'Period', children: `${dateTime(p.period_start)} – ${dateTime(p.period_end)}` },
            { key: 'o', label: 'Orders', children: p.orders_count },
            { key: 'e', label: 'Expected', children: day(p.expected_date) },
            { key: 'r', label: 'Received', children: day(p.received_date) },
            { key: 'n', label: 'Deposit (net)', children: <strong>{moneyCents(p.net_cents, p.currency)}</strong> },
            { key: 'l', label: 'Sum of the lines', children: moneyCents(p.lines_total_cents, p.currency) },
          ]} />
          {p.lines_total_cents !== p.net_cents && (
            <Alert type="warning" showIcon style={{ marginBottom: 16 }}
              message={`The lines add up to ${moneyCents(p.lines_total_cents, p.currency)}, the deposit was ${moneyCents(p.net_cents, p.currency)}`}
              description="The difference is still owed by the marketplace; reconciliation lists it." />
          )}
          <Typography.Title level={2} style={{ fontSize: 16 }}>Totals by kind</Typography.Title>
          <Table<PayoutTotal> size="small" rowKey={(t) => `${t.kind}:${t.fee_type ?? ''}`} pagination={false} columns={totalColumns} dataSource={p.totals}
            style={{ marginBottom: 16 }} locale={{ emptyText: <Empty description="This payout has no lines" /> }} />
          <Typography.Title level={2} style={{ fontSize: 16 }}>Lines</Typography.Title>
          <Table<PayoutLineRow>
            size="small"
            rowKey="id"
            columns={lineColumns}
            dataSource={p.lines}
            loading={query.isFetching}
            scroll={{ x: 800 }}
            locale={{ emptyText: <Empty description="This payout has no lines" /> }}
            pagination={{ current: page.current, pageSize: page.pageSize, total: p.lines_page.total, showSizeChanger: true, onChange: (current, pageSize) => setPage({ current, pageSize }) }}
          />
        </>
      )}
    </Drawer>
  );
}
