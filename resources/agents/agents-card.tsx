/**
 * The dashboard's Intelligent Agents card (docs/alerts.md "Agent health"): Pricing Intelligence,
 * Demand Forecasting and Competitor Monitor with the status their workers report in
 * `GET /api/alerts/agent-health`, polled every 10 s. Pricing Intelligence is the repricer and the
 * pricing agent (resources/pricing/index.ts `agents`); Demand Forecasting and Competitor Monitor their
 * workers' own heartbeats (docs/agents.md). Plain elements, the shell's panel and
 * types from the contract: the dashboard is the first page after sign-in (docs/performance.md "Delivery").
 */
import { Flex } from 'antd';
import { Link } from 'react-router';
import { useCustom } from '@refinedev/core';
import type { AgentHealthRow } from '../../contract/alerts';
import { REFRESH } from '../../contract/constants';
import { Panel } from '../../src/shell/panel';
import { StatusDot } from '../../src/shell/status-dot';
import { LoadError } from '../shared/list-error';
import { STATUS_DOT, statusLabel, workerWords, worstStatus } from './worker-words';

interface CardAgent {
  name: string;
  to: string;
  /** its workers' heartbeat names, with the word each goes by */
  workers: { heartbeat: string; name: string }[];
}

const AGENTS: CardAgent[] = [
  {
    name: 'Pricing Intelligence',
    to: '/pricing/agent',
    workers: [
      { heartbeat: 'repricer', name: 'Repricer' },
      { heartbeat: 'pricing-agent', name: 'Pricing agent' },
    ],
  },
  { name: 'Demand Forecasting', to: '/agents/demand', workers: [{ heartbeat: 'demand-forecasting', name: 'Demand forecasting' }] },
  { name: 'Competitor Monitor', to: '/agents/competitor', workers: [{ heartbeat: 'competitor-monitor', name: 'Competitor monitor' }] },
];

function AgentLine({ agent, rows, now }: { agent: CardAgent; rows: ReadonlyMap<string, AgentHealthRow>; now: number }) {
  const reported = agent.workers.flatMap((w) => {
    const row = rows.get(w.heartbeat);
    return row ? [{ ...w, row }] : [];
  });
  const status = worstStatus(reported.map((r) => r.row));
  const headline = status ? statusLabel(status) : 'No heartbeat yet';
  const details = status
    ? reported.length === 1 && agent.workers.length === 1
      ? workerWords(reported[0].row, now)
      : agent.workers
          .map((w) => {
            const row = rows.get(w.heartbeat);
            return `${w.name}: ${row ? workerWords(row, now) : 'no heartbeat yet'}`;
          })
          .join(' · ')
    : 'Its workers have not reported since the server started.';
  return (
    <li data-agent={agent.name}>
      <Flex gap={8} align="baseline">
        <StatusDot status={status ? STATUS_DOT[status] : 'default'} />
        <Flex vertical style={{ minWidth: 0 }}>
          <span>
            <Link to={agent.to}>{agent.name}</Link> <span className={status && status !== 'healthy' ? 'figure-warn' : 'text-secondary'}>— {headline}</span>
          </span>
          <span className="text-secondary" style={{ fontSize: 13 }}>
            {details}
          </span>
        </Flex>
      </Flex>
    </li>
  );
}

export function IntelligentAgentsCard() {
  const { query } = useCustom<{ data: AgentHealthRow[] }>({
    url: '/alerts/agent-health',
    method: 'get',
    errorNotification: false,
    queryOptions: { refetchInterval: REFRESH.agentHealthMs, staleTime: 0 },
  });
  const data = query.data?.data.data;
  const rows = new Map((data ?? []).map((r) => [r.name, r]));
  const now = query.dataUpdatedAt || Date.now();
  return (
    <Panel title="Intelligent Agents" style={{ height: '100%' }}>
      {query.isError && <LoadError what="the agents' health" error={query.error} onRetry={() => void query.refetch()} />}
      {!query.isError && !data && (
        <p className="shell-quiet" aria-busy="true">
          Checking the agents...
        </p>
      )}
      {data && (
        <>
          {data.length === 0 && <p className="shell-quiet">No background worker has reported yet.</p>}
          <ul aria-label="Intelligent agents" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
            {AGENTS.map((a) => (
              <AgentLine key={a.name} agent={a} rows={rows} now={now} />
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}

export default IntelligentAgentsCard;
