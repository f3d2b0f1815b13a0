/**
 * /pricing/agent — Pricing Intelligence (docs/repricing.md "Pricing agent"): every figure from
 * `GET /api/pricing/agent` — per marketplace account the buy-box share (and its alert), average unit
 * margin, applied price changes and proposals waiting; buy-box share over time, the margin impact of
 * applied changes, the top movers with their reasons and the sales velocity per SKU. The charts are
 * their own chunk, loaded with this page only.
 */
import { Suspense, lazy } from 'react';
import { Link } from 'react-router';
import { useCustom } from '@refinedev/core';
import { Alert, Card, Col, Flex, Row, Skeleton, Statistic, Table, Typography } from 'antd';
import type { PricingAgent } from '../../contract/pricing';
import { LoadError } from '../shared/list-error';
import { dateTime } from '../shared/format';
import { moneyCents } from '../shared/format';
import { PageHeader } from '../../src/shell/page-header';

const Charts = lazy(() => import('./pricing-agent-charts').then((m) => ({ default: m.AgentCharts })));

type Account = PricingAgent['marketplaces'][number];
type Mover = PricingAgent['top_movers'][number];
type Velocity = PricingAgent['velocity'][number];
const pct = (share: number | null) => (share === null ? '—' : `${(share * 100).toFixed(1)} %`);

export default function PricingAgentPage() {
  const { query } = useCustom<{ data: PricingAgent }>({ url: '/pricing/agent', method: 'get', errorNotification: false, queryOptions: { refetchInterval: 60_000 } });
  const agent = query.data?.data?.data;
  return (
    <Flex vertical gap={16}>
      <PageHeader
        title="Pricing Intelligence"
        subtitle={
          <>
            What the pricing agent sees {agent ? `(computed ${dateTime(agent.computed_at)})` : ''}. Rules on <Link to="/pricing">Pricing</Link>; proposals on <Link to="/pricing/propose">Propose Pricing</Link>.
          </>
        }
      />
      {query.isError && <LoadError what="Pricing Intelligence" error={query.error} onRetry={() => void query.refetch()} />}
      {query.isLoading && <Skeleton active />}
      {agent && <AgentView agent={agent} />}
    </Flex>
  );
}

function AgentView({ agent }: { agent: PricingAgent }) {
  const alerts = agent.marketplaces.filter((m) => m.alert);
  const listings = agent.marketplaces.reduce((s, m) => s + m.listings, 0);
  const owned = agent.marketplaces.reduce((s, m) => s + Math.round(m.buy_box_share * m.listings), 0);
  const impact = agent.margin_impact.reduce((s, d) => s + d.margin_change_cents, 0);
  return (
    <>
      {alerts.map((m) => (
        <Alert key={m.marketplace_id} type="warning" showIcon message={m.alert} description={`Alert threshold: a drop of more than ${agent.alert_threshold_pp} points.`} />
      ))}
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Card size="small"><Statistic title="Buy-box share" value={listings === 0 ? '—' : pct(owned / listings)} /></Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small"><Statistic title="Proposals waiting" value={agent.proposals_waiting} /></Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small"><Statistic title="Price changes (7 days)" value={agent.price_changes_7d} /></Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small"><Statistic title="Margin impact (30 days, per unit)" value={moneyCents(impact)} /></Card>
        </Col>
      </Row>
      <Card size="small" title={<Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>Marketplaces</Typography.Title>}>
        <Table<Account>
          size="small"
          rowKey="marketplace_id"
          pagination={false}
          // on a phone each table scrolls within its card, not the page
          scroll={{ x: 'max-content' }}
          dataSource={agent.marketplaces}
          locale={{ emptyText: 'No marketplace linked' }}
          columns={[
            { title: 'Account', dataIndex: 'marketplace_name' },
            { title: 'Active listings', dataIndex: 'listings', align: 'right' },
            { title: 'Buy-box share', dataIndex: 'buy_box_share', align: 'right', render: (s: number, m) => `${pct(s)}${m.previous_buy_box_share === null ? '' : ` (was ${pct(m.previous_buy_box_share)})`}` },
            { title: 'Average unit margin', dataIndex: 'average_margin_cents', align: 'right', render: (c: number | null) => moneyCents(c) },
            { title: 'Price changes (7 days)', dataIndex: 'price_changes_7d', align: 'right' },
            { title: 'Proposals waiting', dataIndex: 'proposals_waiting', align: 'right', render: (n: number) => (n > 0 ? <Link to="/pricing/propose?status=pending">{n}</Link> : n) },
          ]}
        />
      </Card>
      <Suspense fallback={<Skeleton active />}>
        <Charts agent={agent} />
      </Suspense>
      <Card size="small" title={<Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>Top movers (7 days)</Typography.Title>}>
        <Table<Mover>
          size="small"
          rowKey={(m) => `${m.listing_id}-${m.at}`}
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={agent.top_movers}
          locale={{ emptyText: 'No price applied in the last 7 days' }}
          columns={[
            { title: 'SKU', dataIndex: 'sku', render: (s: string, m) => <Link to={`/listings?id=${encodeURIComponent(m.listing_id)}`}>{s}</Link> },
            { title: 'Account', dataIndex: 'marketplace_name' },
            { title: 'Price', key: 'price', render: (_: unknown, m) => `${moneyCents(m.old_price_cents)} → ${moneyCents(m.new_price_cents)}` },
            { title: 'Why', dataIndex: 'reason' },
            { title: 'When', dataIndex: 'at', render: (d: string) => dateTime(d) },
          ]}
        />
      </Card>
      <Card size="small" title={<Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>Sales velocity</Typography.Title>}>
        <Table<Velocity>
          size="small"
          rowKey="sku"
          pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          dataSource={agent.velocity}
          locale={{ emptyText: 'No sales in the last 60 days' }}
          columns={[
            { title: 'SKU', dataIndex: 'sku' },
            { title: 'Last 7 days', dataIndex: 'units_7d', align: 'right' },
            { title: 'Prior 7 days', dataIndex: 'units_prior_7d', align: 'right' },
            { title: 'Last 30 days', dataIndex: 'units_30d', align: 'right' },
            { title: 'Prior 30 days', dataIndex: 'units_prior_30d', align: 'right' },
          ]}
        />
      </Card>
    </>
  );
}
