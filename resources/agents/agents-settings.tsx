/**
 * The Agents section of /settings (docs/agents.md "Console"; docs/settings.md "Domain sections"):
 * each agent the registry's agents slot declares that GET /agents manages, in the slot's order, with
 * its thresholds form — the /agents drawer's form (agent-settings-form.tsx), saved per agent with
 * PUT /agents/:name/settings, read-only for a role that may not change them. Loading, and an error
 * with Retry when the agents cannot be read.
 */
import { useMemo } from 'react';
import { Empty, Skeleton, Typography } from 'antd';
import { useList } from '@refinedev/core';
import type { AgentRow } from '../../contract/agents';
import { useRegistry } from '../../src/lib/registry-context';
import { slotEntries } from '../../src/lib/registry-derive';
import { useFlaggedModules } from '../../src/shell/flag-gate';
import { useAccessCheck } from '../../src/shell/use-access';
import { LoadError } from '../shared/list-error';
import { MANAGED } from './agent-words';
import { AgentSettingsForm } from './agent-settings-form';

export default function AgentsSettings() {
  // as on /agents: the agents of a module its feature flag turns off are left out
  const modules = useFlaggedModules(useRegistry().modules);
  const can = useAccessCheck();
  const declared = useMemo(() => slotEntries(modules, 'agents', can).filter((a) => MANAGED[a.id] !== undefined), [modules, can]);
  const { result, query } = useList<AgentRow>({ resource: 'agents', meta: { path: '/agents' }, pagination: { mode: 'off' }, errorNotification: false });
  if (query.isError) return <LoadError what="the agents' settings" error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  const rowOf = new Map(result.data.map((a) => [a.name, a]));
  if (declared.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No agents are declared." />;
  return (
    <>
      {declared.map((a) => {
        const row = rowOf.get(MANAGED[a.id]);
        return (
          <section key={`${a.module}.${a.id}`} aria-label={a.name} data-agent={a.id} style={{ marginBottom: 24 }}>
            <Typography.Title level={3} style={{ fontSize: 15 }}>{a.name}</Typography.Title>
            {row ? (
              <AgentSettingsForm agent={row} onSaved={() => void query.refetch()} />
            ) : (
              <Typography.Text type="secondary">The server does not report this agent.</Typography.Text>
            )}
          </section>
        );
      })}
    </>
  );
}
