/**
 * Pricing Intelligence charts (@ant-design/charts): buy-box share over time per account, the unit-margin
 * change of applied proposals per day, and sales velocity per SKU. Only the lazily loaded
 * /pricing/agent page imports this file, so the chart library never lands in the first load. Each
 * chart names its figures for screen readers; the same numbers are in the page's tables.
 */
import { Column, Line } from '@ant-design/charts';
import { Card, Flex } from 'antd';
import { CHART_HEIGHT, ChartEmpty } from '../shared/chart-empty';
import dayjs from 'dayjs';
import type { PricingAgent } from '../../contract/pricing';
import { moneyCents } from '../shared/format';

const HEIGHT = CHART_HEIGHT;

export function BuyBoxChart({ agent }: { agent: PricingAgent }) {
  const name = new Map(agent.marketplaces.map((m) => [m.marketplace_id, m.marketplace_name]));
  const data = agent.buy_box_history.map((p) => ({ at: dayjs(p.at).format('MM-DD HH:mm'), share: Math.round(p.buy_box_share * 1000) / 10, account: name.get(p.marketplace_id) ?? 'Account' }));
  return (
    <Card title="Buy-box share over time" size="small">
      {data.length === 0 ? (
        <ChartEmpty text="No snapshot yet: the agent takes one after each marketplace sync and on every pricing sweep" />
      ) : (
        <div role="img" aria-label={`Buy-box share: ${agent.marketplaces.map((m) => `${m.marketplace_name} ${(m.buy_box_share * 100).toFixed(1)} % now`).join(', ')}`}>
          <Line data={data} xField="at" yField="share" colorField="account" height={HEIGHT} axis={{ y: { title: '%' } }} scale={{ y: { domain: [0, 100] } }} />
        </div>
      )}
    </Card>
  );
}

export function MarginImpactChart({ agent }: { agent: PricingAgent }) {
  const data = agent.margin_impact.map((d) => ({ day: d.day, change: d.margin_change_cents / 100 }));
  const total = agent.margin_impact.reduce((s, d) => s + d.margin_change_cents, 0);
  return (
    <Card title="Margin impact of applied changes (30 days)" size="small">
      {data.length === 0 ? (
        <ChartEmpty text="No approved proposal applied in the last 30 days" />
      ) : (
        <div role="img" aria-label={`Unit margin change of applied proposals over 30 days: ${moneyCents(total)}`}>
          <Column data={data} xField="day" yField="change" height={HEIGHT} axis={{ y: { title: '$ per unit' } }} style={{ maxWidth: 32 }} />
        </div>
      )}
    </Card>
  );
}

export function VelocityChart({ agent }: { agent: PricingAgent }) {
  const top = agent.velocity.slice(0, 10);
  const data = top.flatMap((v) => [
    { sku: v.sku, period: 'Last 30 days', units: v.units_30d },
    { sku: v.sku, period: 'Prior 30 days', units: v.units_prior_30d },
  ]);
  return (
    <Card title="Sales velocity (top SKUs)" size="small">
      {data.length === 0 ? (
        <ChartEmpty text="No sales in the last 60 days" />
      ) : (
        <div role="img" aria-label={`Units sold, last 30 days against the 30 before: ${top.map((v) => `${v.sku} ${v.units_30d} vs ${v.units_prior_30d}`).join(', ')}`}>
          <Column data={data} xField="sku" yField="units" colorField="period" group height={HEIGHT} />
        </div>
      )}
    </Card>
  );
}

/** The three charts, as the page's one lazily loaded block. */
export function AgentCharts({ agent }: { agent: PricingAgent }) {
  return (
    <Flex vertical gap={16}>
      <BuyBoxChart agent={agent} />
      <MarginImpactChart agent={agent} />
      <VelocityChart agent={agent} />
    </Flex>
  );
}
