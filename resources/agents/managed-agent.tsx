/**
 * One of the three agents on /agents (docs/agents.md "Console"), from GET /agents: its status (paused,
 * else its worker's health), what it does and when, its last run and the next one, the last good
 * run's key figures, its failed runs of the last day, and Run now, Pause or Resume, and its history
 * and settings (`/agents?agent=<name>`) for the roles that may use them.
 */
import { useState } from 'react';
import { Button, Card, Descriptions, Flex, Popconfirm, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useNotification } from '@refinedev/core';
import type { AgentRow } from '../../contract/agents';
import type { AgentDeclaration } from '../../src/lib/registry';
import { CommandGate } from '../../src/shell/command-gate';
import { finalMessage } from '../../providers/api';
import { dateTime } from '../shared/format';
import { ago } from '../shared/ops-format';
import { useCommand } from '../shared/use-command';
import { RUN_WORDS, runDuration, STATUS_WORDS, TRIGGER_WORDS } from './agent-words';
import { AGENT_COMMANDS } from './commands';

const PAUSE = AGENT_COMMANDS.pauseAgent;
const RESUME = AGENT_COMMANDS.resumeAgent;

export function ManagedAgentCard({ agent, row, state, onChanged }: {
  agent: AgentDeclaration;
  row?: AgentRow;
  state: 'loading' | 'error' | 'ready';
  onChanged: () => void;
}) {
  const send = useCommand();
  const { open } = useNotification();
  const [busy, setBusy] = useState(false);
  const status = row ? STATUS_WORDS[row.status] : null;
  const runNow = async () => {
    if (!row) return;
    setBusy(true);
    try {
      await send(`/agents/${row.name}/run`, {});
      open?.({ type: 'success', message: `${agent.name}: run queued` });
      onChanged();
    } catch (e) {
      open?.({ type: 'error', message: `Could not run ${agent.name}`, description: finalMessage(e) });
    } finally {
      setBusy(false);
    }
  };
  const toggle = async (verb: 'pause' | 'resume') => {
    if (!row) return;
    setBusy(true);
    try {
      await send(`/agents/${row.name}/${verb}`, {});
      open?.({ type: 'success', message: `${agent.name} ${verb === 'pause' ? 'paused' : 'resumed'}` });
      onChanged();
    } catch (e) {
      open?.({ type: 'error', message: `Could not ${verb} ${agent.name}`, description: finalMessage(e) });
    } finally {
      setBusy(false);
    }
  };
  const last = row?.last_run ?? null;
  return (
    <Card
      size="small"
      style={{ height: '100%' }}
      title={<Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>{agent.name}</Typography.Title>}
      extra={status ? <Tag color={status.color}>{status.label}</Tag> : <Tag>{state === 'loading' ? 'Checking...' : 'Status unavailable'}</Tag>}
    >
      <Typography.Paragraph>{agent.description}</Typography.Paragraph>
      <Typography.Paragraph>
        <Typography.Text strong>When it runs: </Typography.Text>
        {row?.schedule ?? agent.schedule}
      </Typography.Paragraph>
      {row && (
        <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
          <Descriptions.Item label="Last run">
            {last ? (
              <span>
                <Tag color={RUN_WORDS[last.status].color}>{RUN_WORDS[last.status].label}</Tag>
                {ago(last.finished_at ?? last.started_at ?? last.queued_at)} · {TRIGGER_WORDS[last.trigger]}
                {last.duration_ms !== null ? ` · took ${runDuration(last.duration_ms)}` : ''}
              </span>
            ) : 'No run yet'}
          </Descriptions.Item>
          <Descriptions.Item label="Next run">
            {row.paused ? 'None while paused' : row.next_run_at ? dateTime(row.next_run_at) : 'On its events and Run now'}
          </Descriptions.Item>
          <Descriptions.Item label="Errors">
            {row.errors_24h === 0 ? 'No failed runs in the last 24 hours' : `${row.errors_24h} failed run${row.errors_24h === 1 ? '' : 's'} in the last 24 hours: ${row.last_error ?? ''}`}
          </Descriptions.Item>
        </Descriptions>
      )}
      {row && row.key_outputs.length > 0 && (
        <ul aria-label={`${agent.name} key outputs`} style={{ margin: '0 0 12px', paddingLeft: 18 }}>
          {row.key_outputs.map((o) => (
            <li key={o.label}>
              {o.label}: <Typography.Text strong>{o.value.toLocaleString('en-US')}</Typography.Text>
            </li>
          ))}
        </ul>
      )}
      <Flex gap={8} wrap>
        {agent.run && row && !row.paused && (
          <CommandGate command={agent.run}>
            <Button type="primary" loading={busy || row.busy} onClick={() => void runNow()}>
              {row.busy ? 'Running…' : agent.run.label}
            </Button>
          </CommandGate>
        )}
        {row && (row.paused ? (
          <CommandGate command={RESUME}>
            <Button loading={busy} onClick={() => void toggle('resume')}>Resume</Button>
          </CommandGate>
        ) : (
          <CommandGate command={PAUSE}>
            <Popconfirm title={`Pause ${agent.name}? It will not run until you resume it.`} okText="Pause" onConfirm={() => toggle('pause')}>
              <Button loading={busy}>Pause</Button>
            </Popconfirm>
          </CommandGate>
        ))}
        {row && <Link to={`/agents?agent=${row.name}`}>Run history and settings</Link>}
      </Flex>
    </Card>
  );
}
