/**
 * An agent's run history and settings on /agents (`/agents?agent=<name>`, docs/agents.md "Console"):
 * its runs, newest first, paged on the server, each with its trigger, state, duration, figures and
 * error; and its thresholds (agent-settings-form.tsx, also the Agents section of /settings), saved with
 * PUT /agents/:name/settings (the server's message under each refused field). Pricing Intelligence's
 * thresholds stay on its own page.
 */
import { useState } from 'react';
import { Alert, Drawer, Table, Tabs, Tag } from 'antd';
import { useList } from '@refinedev/core';
import type { AgentName, AgentRow, AgentRun } from '../../contract/agents';
import { dateTime } from '../shared/format';
import { LoadError } from '../shared/list-error';
import { outputsLine, RUN_WORDS, runDuration, TRIGGER_WORDS } from './agent-words';
import { AgentSettingsForm } from './agent-settings-form';

function RunHistory({ name }: { name: AgentName }) {
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const { result, query } = useList<AgentRun>({
    resource: 'agents',
    meta: { path: `/agents/${name}/runs` },
    pagination: { currentPage: page.current, pageSize: page.pageSize, mode: 'server' },
    queryOptions: { refetchInterval: 5_000 },
    errorNotification: false,
  });
  return (
    <>
      {query.isError && <LoadError what="the run history" error={query.error} onRetry={() => void query.refetch()} />}
      <Table<AgentRun>
        rowKey="id"
        size="small"
        aria-label="Run history"
        loading={query.isPending}
        dataSource={query.isError ? [] : result.data}
        locale={{ emptyText: query.isPending || query.isError ? ' ' : 'No runs yet' }}
        pagination={{ current: page.current, pageSize: page.pageSize, total: result.total, onChange: (current, pageSize) => setPage({ current, pageSize }), showTotal: (t) => `${t} runs` }}
        columns={[
          { key: 'queued', title: 'Queued', render: (_, r) => dateTime(r.queued_at) },
          { key: 'trigger', title: 'Trigger', render: (_, r) => TRIGGER_WORDS[r.trigger] + (r.requested_by ? ` (${r.requested_by})` : '') },
          { key: 'status', title: 'Status', render: (_, r) => <Tag color={RUN_WORDS[r.status].color}>{RUN_WORDS[r.status].label}</Tag> },
          { key: 'duration', title: 'Duration', render: (_, r) => runDuration(r.duration_ms) },
          { key: 'outputs', title: 'Outputs', render: (_, r) => outputsLine(r.outputs) },
          { key: 'error', title: 'Error', render: (_, r) => r.error ?? '—' },
        ]}
      />
    </>
  );
}

export function AgentDrawer({ agent, onClose, onSaved }: { agent: AgentRow | undefined; onClose: () => void; onSaved: () => void }) {
  return (
    <Drawer open={agent !== undefined} onClose={onClose} width={820} title={agent ? `${agent.title}: runs and settings` : ''} destroyOnHidden>
      {agent && (
        <>
          {agent.paused && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={`${agent.title} is paused: it does not run until it is resumed.`} />}
          <Tabs
            items={[
              { key: 'runs', label: 'Run history', children: <RunHistory name={agent.name} /> },
              { key: 'settings', label: 'Settings', children: <AgentSettingsForm agent={agent} onSaved={onSaved} /> },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
