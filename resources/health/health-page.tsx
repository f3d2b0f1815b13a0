/**
 * /health — System Health (docs/product/routes-and-roles.md, docs/product/api-calls.md "GET /health", docs/ops-ui.md "System Health"):
 * what the running service itself reports (status, version, commit, uptime, database), next to the status badge's own HEAD
 * measurements; the tenant's SLO figures of the last hour with a per-minute chart, the database and the event platform
 * (GET /api/health/system) and the background workers in words (GET /api/alerts/agent-health), both polled every 10 s.
 */
import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useCustom } from '@refinedev/core';
import { Alert, Badge, Button, Card, Col, Descriptions, Row, Skeleton } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { HEALTH, REFRESH } from '../../contract/constants';
import type { AgentHealthRow } from '../../contract/alerts';
import type { HealthAnswer, SystemHealth } from '../../contract/ops';
import { appConfig } from '../../providers/config';
import { consoleFetch } from '../../providers/console-fetch';
import { HEALTH_LABEL, healthEndpoint } from '../../src/shell/health/health-check';
import { useHealth } from '../../src/shell/health/health-context';
import { PageHeader } from '../../src/shell/page-header';
import { useRegistry } from '../../src/lib/registry-context';
import { slotEntries } from '../../src/lib/registry-derive';
import { percent } from '../shared/format';
import { LoadError } from '../shared/list-error';
import { count, ms } from '../shared/ops-format';
import { PLATFORM_WORKERS, STATUS_DOT, workerName, workerWords } from '../agents/worker-words';

// @ant-design/charts loads with the chart only, after the page's figures (docs/performance.md "Delivery")
const SloChart = lazy(() => import('./slo-chart'));

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

const DB_ENGINE: Record<SystemHealth['database']['engine'], string> = { pglite: 'PGlite (embedded)', postgres: 'PostgreSQL' };
const EVENT_ENGINE: Record<string, string> = { embedded: 'Embedded (in the database)', jetstream: 'NATS JetStream' };

function Busy({ text }: { text: string }) {
  return (
    <p className="text-secondary" aria-busy="true">
      {text}
    </p>
  );
}

function Connected({ ok, no = 'Not connected' }: { ok: boolean; no?: string }) {
  return <Badge status={ok ? 'success' : 'error'} text={ok ? 'Connected' : no} />;
}

/** The last hour's SLO figures and the per-minute chart. */
function ServiceLevel({ s }: { s: SystemHealth['slo'] }) {
  return (
    <>
      <dl aria-label="Service level, last hour" style={{ display: 'flex', flexWrap: 'wrap', gap: '8px 32px', margin: '0 0 8px' }}>
        {(
          [
            ['Availability', percent(s.availability, 2)],
            ['Latency p95', ms(s.latency_p95)],
            ['Latency p99', ms(s.latency_p99)],
            ['Error rate', percent(s.error_rate, 2)],
            ['Requests per minute', s.requests_per_minute.toLocaleString('en-US')],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt className="text-secondary">{label}</dt>
            <dd style={{ margin: 0, fontSize: 20, fontVariantNumeric: 'tabular-nums' }}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-secondary" style={{ margin: '0 0 8px' }}>
        {count(s.requests)} {s.requests === 1 ? 'request' : 'requests'} of your store in the last hour, measured by this server; an error is a 5xx answer.
      </p>
      <Suspense fallback={<Skeleton active />}>
        <SloChart minutes={s.minutes} />
      </Suspense>
    </>
  );
}

function Platform({ d, e }: { d: SystemHealth['database']; e: SystemHealth['events'] }) {
  return (
    <Descriptions column={1} size="small">
      <Descriptions.Item label="Database">
        <Connected ok={d.connected} no="Not answering" />
      </Descriptions.Item>
      <Descriptions.Item label="Database engine">{DB_ENGINE[d.engine]}</Descriptions.Item>
      {d.ping_ms !== null && <Descriptions.Item label="Database ping">{ms(d.ping_ms)}</Descriptions.Item>}
      <Descriptions.Item label="Event platform">
        <Connected ok={e.connected} />
      </Descriptions.Item>
      <Descriptions.Item label="Event engine">{EVENT_ENGINE[e.engine] ?? e.engine}</Descriptions.Item>
      <Descriptions.Item label="Streams">{count(e.streams)}</Descriptions.Item>
      <Descriptions.Item label="Consumers">{count(e.consumers)}</Descriptions.Item>
    </Descriptions>
  );
}

/** Each worker in a sentence: "Repricer — healthy, last beat 12 s ago, no errors in the last hour". */
function Workers({ rows, now }: { rows: AgentHealthRow[]; now: number }) {
  const { modules } = useRegistry();
  const names = new Map<string, string>(Object.entries(PLATFORM_WORKERS));
  for (const a of slotEntries(modules, 'agents')) names.set(a.heartbeat ?? a.id, a.name);
  if (rows.length === 0) return <p className="text-secondary">No background worker has reported yet: they beat once the server's event runtime has started.</p>;
  return (
    <ul aria-label="Background workers" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 }}>
      {rows.map((r) => (
        <li key={r.name}>
          <Badge status={STATUS_DOT[r.status]} /> <strong>{names.get(r.name) ?? workerName(r.name)}</strong> — {workerWords(r, now)}
        </li>
      ))}
    </ul>
  );
}

export default function HealthPage() {
  const badge = useHealth();
  const q = useQuery({ queryKey: ['health'], queryFn: fetchHealth, refetchInterval: HEALTH.pollMs, retry: 2, staleTime: 0 });
  // the ops summary's interval: the same figures, for every signed-in user
  const { query: system } = useCustom<{ data: SystemHealth }>({
    url: '/health/system',
    method: 'get',
    errorNotification: false,
    queryOptions: { refetchInterval: REFRESH.opsSummaryMs, staleTime: 0 },
  });
  const { query: workers } = useCustom<{ data: AgentHealthRow[] }>({
    url: '/alerts/agent-health',
    method: 'get',
    errorNotification: false,
    queryOptions: { refetchInterval: REFRESH.agentHealthMs, staleTime: 0 },
  });
  const sys = system.data?.data.data;
  const rows = workers.data?.data.data;
  const refresh = () => {
    void q.refetch();
    void system.refetch();
    void workers.refetch();
  };
  return (
    <>
      <PageHeader
        title="System Health"
        subtitle="What the running service reports about itself and its database."
        extra={
          <Button icon={<ReloadOutlined />} onClick={refresh} loading={q.isFetching || system.isFetching || workers.isFetching}>
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
        <Col xs={24}>
          <Card title="Service level (last hour)">
            {system.isPending && <Busy text="Measuring the last hour..." />}
            {system.isError && <LoadError what="the service level" error={system.error} onRetry={() => void system.refetch()} />}
            {sys && <ServiceLevel s={sys.slo} />}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Database and event platform">
            {system.isPending && <Busy text="Checking the database and event platform..." />}
            {system.isError && <LoadError what="the database and event platform status" error={system.error} onRetry={() => void system.refetch()} />}
            {sys && <Platform d={sys.database} e={sys.events} />}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Background workers">
            {workers.isPending && <Busy text="Reading the workers' heartbeats..." />}
            {workers.isError && <LoadError what="the background workers' health" error={workers.error} onRetry={() => void workers.refetch()} />}
            {rows && <Workers rows={rows} now={workers.dataUpdatedAt || Date.now()} />}
          </Card>
        </Col>
      </Row>
    </>
  );
}
