/**
 * /agents — All Agents (docs/product/routes-and-roles.md): the background agents the page registry's
 * domains declare (`agents`, docs/shell.md "Slots") — what each does and when, as its domain says —
 * next to what the server measures of them, read from the endpoints that exist: each agent's worker
 * heartbeat in the ops summary (`GET /ops/summary` `agent_health`: healthy, degraded or offline, and
 * the last heartbeat) and its durable consumers' figures (`GET /streams/consumers`); an agent that
 * has not reported says so. The three agents the product names (Demand Forecasting, Competitor
 * Monitor, Pricing Intelligence: docs/agents.md "Console") are read from `GET /agents` instead: their
 * status, last and next run, key outputs and errors, with Run now, Pause and Resume, and their run
 * history and settings in a drawer (`/agents?agent=demand`); the demand forecasts follow. Workers no
 * domain declares (the platform's outbox relay and live streams) are listed apart. A declared run-now
 * command is a button for the roles that may use it.
 */
import { useMemo } from 'react';
import { Alert, Card, Col, Flex, Row, Tag, Typography } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined, ExclamationCircleOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useCustom, useList } from '@refinedev/core';
import { REFRESH } from '../../contract/constants';
import type { OpsSummary } from '../../contract/ops';
import type { ConsumerInfo } from '../../contract/streams';
import type { AgentRow } from '../../contract/agents';
import type { AgentDeclaration } from '../../src/lib/registry';
import { useRegistry } from '../../src/lib/registry-context';
import { slotEntries } from '../../src/lib/registry-derive';
import { useFlaggedModules } from '../../src/shell/flag-gate';
import { PageHeader } from '../../src/shell/page-header';
import { useAccessCheck, useCanOpen } from '../../src/shell/use-access';
import { DeclaredCommandButton } from '../shared/declared-command-button';
import { humanize } from '../shared/format';
import { LoadError } from '../shared/list-error';
import { ago, count } from '../shared/ops-format';
import { AgentDrawer } from './agent-drawer';
import { MANAGED } from './agent-words';
import { DemandForecasts } from './demand-forecasts';
import { ManagedAgentCard } from './managed-agent';

const POLL = { refetchInterval: REFRESH.opsSummaryMs, staleTime: 0 };

type Health = OpsSummary['agent_health'][string];

/** The status tag: healthy, degraded, offline as the server reports them; otherwise what is known. */
function HealthTag({ health, state }: { health?: Health; state: 'loading' | 'error' | 'ready' }) {
  if (!health) {
    const text = state === 'loading' ? 'Checking...' : state === 'error' ? 'Health unavailable' : 'No heartbeat yet';
    return <Tag icon={<QuestionCircleOutlined />}>{text}</Tag>;
  }
  const s = health.status;
  const color = s === 'offline' ? 'error' : s === 'degraded' ? 'warning' : s === 'healthy' ? 'success' : undefined;
  const icon = s === 'offline' ? <CloseCircleOutlined /> : s === 'degraded' ? <ExclamationCircleOutlined /> : <CheckCircleOutlined />;
  return (
    <Tag color={color} icon={icon} style={{ fontWeight: s === 'healthy' ? 400 : 600 }}>
      {humanize(s)}
    </Tag>
  );
}

function AgentCard({ agent, health, state, consumers, onRun }: {
  agent: AgentDeclaration & { module: string };
  health?: Health;
  state: 'loading' | 'error' | 'ready';
  consumers: { name: string; info?: ConsumerInfo }[];
  onRun: () => void;
}) {
  return (
    <Card
      size="small"
      style={{ height: '100%' }}
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
          {agent.name}
        </Typography.Title>
      }
      extra={<HealthTag health={health} state={state} />}
    >
      <Typography.Paragraph>{agent.description}</Typography.Paragraph>
      <Typography.Paragraph>
        <Typography.Text strong>When it runs: </Typography.Text>
        {agent.schedule}
      </Typography.Paragraph>
      {health?.last_heartbeat && (
        <Typography.Paragraph type="secondary">Last heartbeat {ago(health.last_heartbeat)}</Typography.Paragraph>
      )}
      {consumers.length > 0 && (
        <ul aria-label={`${agent.name} consumers`} style={{ margin: '0 0 12px', paddingLeft: 18 }}>
          {consumers.map(({ name, info }) => (
            <li key={name}>
              <Typography.Text code>{name}</Typography.Text>{' '}
              {info
                ? `${count(info.delivered)} delivered · ${count(info.lag)} waiting · ${count(info.dead_lettered)} dead-lettered`
                : state === 'ready'
                  ? 'not running on this server'
                  : ''}
            </li>
          ))}
        </ul>
      )}
      {agent.run && <DeclaredCommandButton command={agent.run} resource="agents" onDone={onRun} />}
    </Card>
  );
}

export default function AgentsPage() {
  // a flagged-off module's agents and beta agents while beta features are off are left out (docs/settings.md "Beta features")
  const modules = useFlaggedModules(useRegistry().modules);
  const can = useAccessCheck();
  const canOpen = useCanOpen();
  const agents = useMemo(() => slotEntries(modules, 'agents', can), [modules, can]);
  const { query: summary } = useCustom<{ data: OpsSummary }>({ url: '/ops/summary', method: 'get', queryOptions: POLL, errorNotification: false });
  const list = useList<ConsumerInfo>({ resource: 'consumers', meta: { path: '/streams/consumers' }, pagination: { mode: 'off' }, queryOptions: POLL, errorNotification: false });
  const managed = useList<AgentRow>({ resource: 'agents', meta: { path: '/agents' }, pagination: { mode: 'off' }, queryOptions: POLL, errorNotification: false });
  const [params, setParams] = useSearchParams();
  const rowOf = new Map(managed.result.data.map((a) => [a.name, a]));
  const managedState = managed.query.isError ? 'error' : managed.query.isPending ? 'loading' : 'ready';
  const opened = params.get('agent');
  const drawerAgent = opened ? rowOf.get(opened as AgentRow['name']) : undefined;
  const closeDrawer = () =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.delete('agent');
      return next;
    });

  const healthOf = summary.data?.data.data.agent_health ?? {};
  const healthState = summary.isError ? 'error' : summary.isPending ? 'loading' : 'ready';
  const consumersState = list.query.isError ? 'error' : list.query.isPending ? 'loading' : 'ready';
  const byName = new Map(list.result.data.map((c) => [c.name, c]));
  const declared = new Set(agents.map((a) => a.heartbeat ?? a.id));
  const others = Object.entries(healthOf).filter(([name]) => !declared.has(name));
  const refresh = () => {
    void summary.refetch();
    void list.query.refetch();
    void managed.query.refetch();
  };

  return (
    <>
      <PageHeader
        title="All Agents"
        subtitle="The background agents working for your store: what each does, when it runs and how it is doing."
      />
      {managed.query.isError && <LoadError what="the agents" error={managed.query.error} onRetry={() => void managed.query.refetch()} />}
      {summary.isError && <LoadError what="the agents' health" error={summary.error} onRetry={() => void summary.refetch()} />}
      {list.query.isError && <LoadError what="the consumers' figures" error={list.query.error} onRetry={() => void list.query.refetch()} />}
      {agents.length === 0 ? (
        <Alert type="info" showIcon message="No agents are declared." />
      ) : (
        <Row gutter={[16, 16]}>
          {agents.map((a) => (
            <Col key={`${a.module}.${a.id}`} xs={24} lg={12} data-agent={a.id}>
              {MANAGED[a.id] ? (
                <ManagedAgentCard agent={a} row={rowOf.get(MANAGED[a.id])} state={managedState} onChanged={refresh} />
              ) : (
              <AgentCard
                agent={a}
                health={healthOf[a.heartbeat ?? a.id]}
                state={healthState}
                consumers={(a.consumers ?? []).map((name) => ({ name, info: consumersState === 'ready' ? byName.get(name) : undefined }))}
                onRun={refresh}
              />
              )}
            </Col>
          ))}
        </Row>
      )}
      {others.length > 0 && (
        <Card size="small" style={{ marginTop: 16 }} title={<Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>Platform workers</Typography.Title>}>
          <Flex gap={8} wrap role="list" aria-label="Platform workers">
            {others.map(([name, h]) => (
              <span role="listitem" key={name}>
                <Typography.Text code>{name}</Typography.Text> <HealthTag health={h} state="ready" />
              </span>
            ))}
          </Flex>
          {canOpen('/ops') && (
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
              Their details are on the <Link to="/ops">Ops Console</Link>.
            </Typography.Paragraph>
          )}
        </Card>
      )}
      <DemandForecasts />
      <AgentDrawer agent={drawerAgent} onClose={closeDrawer} onSaved={refresh} />
    </>
  );
}
