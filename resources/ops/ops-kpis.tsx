/** The four headline figures of the Ops Console (docs/product/data.md ops summary): DLQ, lag, availability, latency. */
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import { HEALTH, NEEDS_ATTENTION } from '../../contract/constants';
import type { OpsSummary } from '../../contract/ops';
import { percent } from '../shared/format';
import { duration } from '../shared/ops-format';

const RED = '#e03131';
const AMBER = '#f08c00';

export function OpsKpis({ s }: { s: OpsSummary }) {
  const pending = s.dlq_status.pending;
  const lag = s.dlq_status.consumer_lag;
  const pendingColor = pending > NEEDS_ATTENTION.dlqCritical ? RED : pending > NEEDS_ATTENTION.dlqWarning ? AMBER : undefined;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <Col xs={12} lg={6}>
        <Card size="small">
          <Statistic title="DLQ pending" value={pending} valueStyle={{ color: pendingColor }} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {pending ? `oldest ${duration(s.dlq_status.oldest_age_s)} · ` : 'nothing waiting · '}
            <Link to="/ops/dlq">Manage</Link>
          </Typography.Text>
        </Card>
      </Col>
      <Col xs={12} lg={6}>
        <Card size="small">
          <Statistic title="Consumer lag" value={lag} valueStyle={{ color: lag > NEEDS_ATTENTION.consumerLag ? AMBER : undefined }} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            messages not yet acked · <Link to="/streams?tab=consumers">Consumers</Link>
          </Typography.Text>
        </Card>
      </Col>
      <Col xs={12} lg={6}>
        <Card size="small">
          <Statistic title="Availability" value={percent(s.slo.availability, 2)} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            error rate{' '}
            <span style={{ color: s.slo.error_rate > HEALTH.errorRateRedAbove ? RED : undefined }}>{percent(s.slo.error_rate, 2)}</span>
          </Typography.Text>
        </Card>
      </Col>
      <Col xs={12} lg={6}>
        <Card size="small">
          <Statistic title="Latency p95" value={Math.round(s.slo.latency_p95)} suffix="ms" />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {Math.round(s.slo.requests_per_minute).toLocaleString('en-US')} requests/min
          </Typography.Text>
        </Card>
      </Col>
    </Row>
  );
}
