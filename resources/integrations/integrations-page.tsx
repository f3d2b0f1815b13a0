/**
 * /integrations — Marketplace Setup (docs/marketplaces-ui.md): the linked marketplace accounts with
 * kind, status, last sync and the connector's error, and their commands (pause / resume / disconnect,
 * each confirmed). Linking goes through the wizard at /orchestrator/marketplaces/link. Reads
 * `GET /api/marketplaces` through Refine's useList; live events on `resources/marketplaces` refresh it.
 */
import { Button, Card, Empty, Flex, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { LinkOutlined } from '@ant-design/icons';
import { useList } from '@refinedev/core';
import { Link } from 'react-router';
import { MARKETPLACE_LABEL, type MarketplaceAccount } from '../../contract/marketplaces';
import { PageHeader } from '../../src/shell/page-header';
import { CommandGate } from '../../src/shell/command-gate';
import { LoadError } from '../shared/list-error';
import { dateTime, moneyCents, percent } from '../shared/format';
import { ago } from '../shared/ops-format';
import { MarketplaceStatusTag } from './marketplace-status-tag';
import { MarketplaceActions } from './marketplace-actions';
import integrations from './index';

export const LINK_PATH = '/orchestrator/marketplaces/link';

function LinkButton({ primary = true }: { primary?: boolean }) {
  return (
    <CommandGate command={integrations.commands.link}>
      <Link to={LINK_PATH}>
        <Button type={primary ? 'primary' : 'default'} icon={<LinkOutlined />}>
          Link marketplace
        </Button>
      </Link>
    </CommandGate>
  );
}

export default function IntegrationsPage() {
  const { query } = useList<MarketplaceAccount>({
    resource: 'marketplaces',
    pagination: { mode: 'off' },
    sorters: [{ field: 'created_at', order: 'asc' }],
    errorNotification: false,
  });
  const rows = query.data?.data ?? [];

  const columns: ColumnsType<MarketplaceAccount> = [
    {
      title: 'Account',
      dataIndex: 'name',
      render: (name: string, a) => (
        <Flex vertical gap={2}>
          <Typography.Text strong>{name}</Typography.Text>
          <Flex gap={4}>
            <Tag>{MARKETPLACE_LABEL[a.kind]}</Tag>
            <Tag color={a.mode === 'sandbox' ? 'purple' : 'blue'}>{a.mode === 'sandbox' ? 'Sandbox' : 'Live'}</Tag>
          </Flex>
        </Flex>
      ),
    },
    { title: 'Status', dataIndex: 'status', width: 110, render: (s: MarketplaceAccount['status']) => <MarketplaceStatusTag status={s} /> },
    {
      title: 'Last sync',
      dataIndex: 'last_sync_at',
      width: 120,
      render: (v: string | null) => (v ? <span title={dateTime(v)}>{ago(v)}</span> : <Typography.Text type="secondary">Never</Typography.Text>),
    },
    {
      title: 'Error',
      dataIndex: 'error_message',
      ellipsis: { showTitle: false },
      render: (e: string | null) =>
        e ? (
          <Tooltip title={e} placement="topLeft">
            <Typography.Text type="danger">{e}</Typography.Text>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      title: 'Listings',
      key: 'listings',
      width: 120,
      align: 'right',
      render: (_: unknown, a) => (
        <Link to={`/listings?marketplace_id=${encodeURIComponent(a.id)}`} aria-label={`Listings of ${a.name}`}>
          {a.active_listings_count.toLocaleString('en-US')} / {a.listings_count.toLocaleString('en-US')}
        </Link>
      ),
    },
    {
      title: 'Fees',
      key: 'fees',
      width: 150,
      render: (_: unknown, a) => (
        <Typography.Text type="secondary">
          {percent(a.fee_schedule.rate)}
          {a.fee_schedule.fixed_cents ? ` + ${moneyCents(a.fee_schedule.fixed_cents)}` : ''} · payout every {a.fee_schedule.payout_every_days}d
        </Typography.Text>
      ),
    },
    { title: 'Actions', key: 'actions', width: 230, render: (_: unknown, a) => <MarketplaceActions account={a} /> },
  ];

  return (
    <>
      <PageHeader
        title="Marketplace Setup"
        subtitle="The marketplace accounts your store sells on. Listings, orders and payouts flow through them; a paused account sends and receives nothing."
        extra={<LinkButton />}
      />
      <Card>
        {query.isError && <LoadError what="marketplace accounts" error={query.error} onRetry={() => void query.refetch()} />}
        <Table<MarketplaceAccount>
          rowKey="id"
          columns={columns}
          dataSource={query.isError ? [] : rows}
          loading={query.isPending}
          pagination={false}
          scroll={{ x: 1000 }}
          locale={{
            emptyText: query.isError ? ' ' : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No marketplace linked yet: link one to publish listings and receive its orders">
                <LinkButton />
              </Empty>
            ),
          }}
        />
      </Card>
    </>
  );
}
