/**
 * /suppliers/:id/performance — docs/product/routes-and-roles.md, docs/commerce.md: on-time rate, defect rate and lead time per month
 * (`GET /api/suppliers/{id}/performance`). Loaded on demand only: the chart library stays out of the
 * first load (docs/performance.md "Delivery"). The same numbers follow as a table for screen readers and copying.
 */
import { useParams, Link } from 'react-router';
import { useCustom } from '@refinedev/core';
import { Card, Col, Empty, Row, Skeleton, Table } from 'antd';
import { Column, Line } from '@ant-design/charts';
import dayjs from 'dayjs';
import { PageHeader } from '../../src/shell/page-header';
import { LoadError } from '../shared/list-error';
import { percent, score } from '../shared/format';
import { TierTag } from './tier-tag';
import type { Performance, PerformanceMonth } from '../../contract/suppliers';

const monthLabel = (m: string) => dayjs(m).format('MMM YYYY');

export default function SupplierPerformancePage() {
  const { id = '' } = useParams();
  const { query, result } = useCustom<{ data: Performance }>({ url: `/suppliers/${encodeURIComponent(id)}/performance`, method: 'get' });
  const perf = result?.data?.data;
  const series = perf?.series ?? [];
  // one chart per measure: a defect rate of 1% drawn on the on-time rate's 0–100% axis is a flat line
  const onTime = series.map((m) => ({ month: monthLabel(m.month), value: m.on_time_rate }));
  const defects = series.map((m) => ({ month: monthLabel(m.month), value: m.defect_rate }));
  const lead = series.map((m) => ({ month: monthLabel(m.month), value: m.lead_time_days }));

  return (
    <>
      <PageHeader
        eyebrow={<Link to={`/suppliers/${id}`}>← {perf?.supplier.name ?? 'Supplier'}</Link>}
        title={perf ? `${perf.supplier.name} performance` : 'Supplier performance'}
        subtitle={perf ? <>Last {perf.months} months · score {score(perf.supplier.score)} <TierTag tier={perf.supplier.tier} /></> : undefined}
      />
      {query.isError && <LoadError what="the performance history" error={query.error} onRetry={() => query.refetch()} />}
      {query.isLoading && <Skeleton active />}
      {perf && series.length === 0 && <Empty description="No performance recorded for this supplier yet" />}
      {series.length > 0 && (
        <>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <Card title="On-time rate per month">
                <Line data={onTime} xField="month" yField="value" height={260} point axis={{ y: { labelFormatter: (v: number) => percent(v, 1) } }} tooltip={{ channel: 'y', name: 'On-time rate', valueFormatter: (v: number) => percent(v) }} />
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card title="Defect rate per month">
                <Line data={defects} xField="month" yField="value" height={260} point style={{ stroke: '#cf1322' }} axis={{ y: { labelFormatter: (v: number) => percent(v, 1) } }} tooltip={{ channel: 'y', name: 'Defect rate', valueFormatter: (v: number) => percent(v, 2) }} />
              </Card>
            </Col>
            <Col xs={24}>
              <Card title="Lead time per month (days)">
                <Column data={lead} xField="month" yField="value" height={260} tooltip={{ channel: 'y', name: 'Lead time (days)' }} />
              </Card>
            </Col>
          </Row>
          <Card title="Monthly figures" style={{ marginTop: 16 }}>
            <Table<PerformanceMonth>
              size="small"
              rowKey="month"
              dataSource={series}
              pagination={false}
              columns={[
                { title: 'Month', dataIndex: 'month', render: monthLabel },
                { title: 'Orders', dataIndex: 'orders', align: 'right' },
                { title: 'On-time', dataIndex: 'on_time_rate', align: 'right', render: (r: number) => percent(r) },
                { title: 'Defects', dataIndex: 'defect_rate', align: 'right', render: (r: number) => percent(r) },
                { title: 'Cancellations', dataIndex: 'cancellation_rate', align: 'right', render: (r: number) => percent(r) },
                { title: 'Lead time (days)', dataIndex: 'lead_time_days', align: 'right' },
              ]}
            />
          </Card>
        </>
      )}
    </>
  );
}
