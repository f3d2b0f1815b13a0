/**
 * The detail cards of the Ops Console — docs/product/data.md ops summary: build, event engine ("nats"), SLO,
 * database and cache. Figures come as measured; the labels say what each one is.
 */
import type { ReactNode } from 'react';
import { Badge, Card, Descriptions, Progress, Typography } from 'antd';
import { HEALTH } from '../../contract/constants';
import type { OpsSummary } from '../../contract/ops';
import { dateTime, percent } from '../shared/format';
import { ago, count, ms } from '../shared/ops-format';

function Facts({ title, items, extra }: { title: string; items: [string, ReactNode][]; extra?: ReactNode }) {
  return (
    <Card title={title} size="small" extra={extra} style={{ height: '100%' }}>
      <Descriptions
        size="small"
        column={1}
        colon={false}
        styles={{ label: { color: '#6b7280', width: '48%' } }}
        items={items.map(([label, children]) => ({ key: label, label, children }))}
      />
    </Card>
  );
}

export function BuildCard({ b }: { b: OpsSummary['build'] }) {
  return (
    <Facts
      title="Build"
      items={[
        ['Version', b.version],
        ['Commit', <Typography.Text code key="c">{b.commit}</Typography.Text>],
        // the same value and name as the Diagnostics drawer's "Server environment" (docs/decisions.md)
        ['Server environment', b.environment],
        ['Deployed', <span key="d" title={dateTime(b.deployed_at)}>{ago(b.deployed_at)}</span>],
      ]}
    />
  );
}

export function EngineCard({ n }: { n: OpsSummary['nats'] }) {
  return (
    <Facts
      title="Event engine"
      extra={<Badge status={n.connected ? 'success' : 'error'} text={n.connected ? 'Connected' : 'Disconnected'} />}
      items={[
        ['Engine', n.engine === 'jetstream' ? 'NATS JetStream' : n.engine === 'embedded' ? 'Embedded (Postgres)' : (n.engine ?? '—')],
        ['Streams', count(n.streams)],
        ['Consumers', count(n.consumers)],
        ['Total messages', count(n.total_messages)],
      ]}
    />
  );
}

export function SloCard({ slo }: { slo: OpsSummary['slo'] }) {
  const red = slo.error_rate > HEALTH.errorRateRedAbove;
  return (
    <Facts
      title="Service levels"
      items={[
        ['Availability', percent(slo.availability, 2)],
        ['Latency p95', ms(slo.latency_p95)],
        ['Latency p99', ms(slo.latency_p99)],
        ['Error rate', <span key="e" style={{ color: red ? '#e03131' : undefined, fontWeight: red ? 600 : undefined }}>{percent(slo.error_rate, 2)}</span>],
        ['Requests/min', count(Math.round(slo.requests_per_minute))],
      ]}
    />
  );
}

export function DatabaseCard({ db }: { db: OpsSummary['database'] }) {
  const used = db.max_connections ? Math.round((db.connections / db.max_connections) * 100) : 0;
  return (
    <Facts
      title="Database"
      items={[
        ['Engine', db.engine === 'pglite' ? 'PGlite' : db.engine === 'postgres' ? 'PostgreSQL' : (db.engine ?? '—')],
        [
          'Connections',
          // PGlite is one connection in the process, in use whenever a query runs: a pool gauge would
          // read a full red bar for a healthy embedded database (docs/ops-ui.md "Database")
          db.engine === 'pglite' ? (
            <span key="c">1 (embedded, queries take turns)</span>
          ) : (
            <div key="c" style={{ width: '100%' }}>
              {db.connections} / {db.max_connections}
              <Progress percent={used} size="small" showInfo={false} aria-label="Connections in use" status={used >= 90 ? 'exception' : 'normal'} />
            </div>
          ),
        ],
        ['Query p95', ms(db.query_time_p95)],
      ]}
    />
  );
}

export function CacheCard({ c }: { c: OpsSummary['cache'] }) {
  return (
    <Facts
      title="Cache"
      items={[
        ['Hit rate', percent(c.hit_rate)],
        ['Memory', `${c.memory_usage_mb.toLocaleString('en-US')} MB`],
        ['Evictions/min', count(c.evictions_per_minute)],
      ]}
    />
  );
}
