/**
 * /health — System Health (docs/product/routes-and-roles.md, docs/product/api-calls.md "GET /health"): what the running service itself reports
 * (status, version, commit, uptime, database), next to the status badge's own HEAD measurements.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Col, Descriptions, Row } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { HEALTH } from '../../contract/constants';
import type { HealthAnswer } from '../../contract/ops';
import { appConfig } from '../../providers/config';
import { consoleFetch } from '../../providers/console-fetch';
import { HEALTH_LABEL, healthEndpoint } from '../../src/shell/health/health-check';
import { useHealth } from '../../src/shell/health/health-context';
import { PageHeader } from '../../src/shell/page-header';

async function fetchHealth(): Promise<HealthAnswer> {
  // through the request log of the Diagnostics drawer, as every request of the console
  const res = await consoleFetch(healthEndpoint(appConfig.apiBase), { headers: { Accept: 'application/json' }, cache: 'no-store' });
  const body = (await res.json()) as HealthAnswer;
  return body;
}

function uptime(seconds: number): string {
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return d > 0 ? `${d}d ${h}h ${m}m` : h > 0 ? `${h}h ${m}m` : `${m}m ${seconds % 60}s`;
}

export default function HealthPage() {
  const badge = useHealth();
  const q = useQuery({ queryKey: ['health'], queryFn: fetchHealth, refetchInterval: HEALTH.pollMs, retry: 2, staleTime: 0 });
  return (
    <>
      <PageHeader
        title="System Health"
        subtitle="What the running service reports about itself and its database."
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void q.refetch()} loading={q.isFetching}>
            Refresh
          </Button>
        }
      />
      {q.isError && <Alert type="error" showIcon message="The service did not answer GET /health." style={{ marginBottom: 16 }} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title="Service" loading={q.isLoading}>
            {q.data && (
              <Descriptions column={1} size="small">
                <Descriptions.Item label="Status">
                  <Badge status={q.data.status === 'ok' ? 'success' : 'error'} text={q.data.status === 'ok' ? 'OK' : 'Down'} />
                </Descriptions.Item>
                <Descriptions.Item label="Version">{q.data.version}</Descriptions.Item>
                <Descriptions.Item label="Commit">{q.data.commit}</Descriptions.Item>
                <Descriptions.Item label="Uptime">{uptime(q.data.uptime_s)}</Descriptions.Item>
                <Descriptions.Item label="Database">
                  {q.data.db.engine} — {q.data.db.status}
                </Descriptions.Item>
              </Descriptions>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Status badge">
            <Descriptions column={1} size="small">
              <Descriptions.Item label="Reading">{badge ? HEALTH_LABEL[badge.status] : 'Checking...'}</Descriptions.Item>
              <Descriptions.Item label="Latency">{badge?.latencyMs != null ? `${badge.latencyMs} ms` : '—'}</Descriptions.Item>
              <Descriptions.Item label="Rule">
                HEAD every {HEALTH.pollMs / 1000} s, {HEALTH.timeoutMs / 1000} s timeout, degraded at {HEALTH.degradedAtMs} ms or more
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>
    </>
  );
}
