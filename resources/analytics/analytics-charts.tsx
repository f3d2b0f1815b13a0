/**
 * The analytics page's charts (docs/analytics.md), a chunk of their own: @ant-design/charts loads
 * with them only, after the page's figures (docs/performance.md "Delivery").
 */
import { Card, Col, Row } from 'antd';
import { Column, Line } from '@ant-design/charts';
import { formatCents } from '../../contract/money';
import type { AnalyticsBreakdownRow, AnalyticsPoint } from '../../contract/analytics';

const money = (v: number) => formatCents(Math.round(v));

export default function AnalyticsCharts({ points, marketplaces, products, suppliers, breakdowns = true }: {
  points: AnalyticsPoint[]; marketplaces: AnalyticsBreakdownRow[]; products: AnalyticsBreakdownRow[]; suppliers: AnalyticsBreakdownRow[];
  /** the charts of the breakdowns (advanced analytics, docs/settings.md "Feature flags") */
  breakdowns?: boolean;
}) {
  // a bucket whose net margin is unknown (no order with every cost known) has no margin point: never a 0
  const overTime = points.flatMap((p) => [
    { bucket: p.start, figure: 'Revenue', value: p.revenue_cents },
    ...(p.net_margin_cents === null ? [] : [{ bucket: p.start, figure: 'Net margin', value: p.net_margin_cents }]),
  ]);
  const bars = (rows: AnalyticsBreakdownRow[], pick: (r: AnalyticsBreakdownRow) => number | null) =>
    rows.flatMap((r) => {
      const value = pick(r);
      return value === null ? [] : [{ name: r.label, value }];
    });
  const axis = { y: { labelFormatter: money } };
  const tooltip = (name: string) => ({ channel: 'y', name, valueFormatter: money });
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <Col xs={24}>
        <Card title="Revenue and net margin over time">
          <Line data={overTime} xField="bucket" yField="value" colorField="figure" height={260} point axis={axis} tooltip={{ valueFormatter: money }} />
        </Card>
      </Col>
      {breakdowns && (
        <>
          <Col xs={24} lg={8}>
            <Card title="Fees by marketplace">
              <Column data={bars(marketplaces, (r) => r.fees_cents)} xField="name" yField="value" height={240} axis={axis} tooltip={tooltip('Fees')} />
            </Card>
          </Col>
          <Col xs={24} lg={8}>
            <Card title="Top products by net margin">
              <Column data={bars(products, (r) => r.net_margin_cents)} xField="name" yField="value" height={240} axis={axis} tooltip={tooltip('Net margin')} />
            </Card>
          </Col>
          <Col xs={24} lg={8}>
            <Card title="Top suppliers by net margin">
              <Column data={bars(suppliers, (r) => r.net_margin_cents)} xField="name" yField="value" height={240} axis={axis} tooltip={tooltip('Net margin')} />
            </Card>
          </Col>
        </>
      )}
    </Row>
  );
}
