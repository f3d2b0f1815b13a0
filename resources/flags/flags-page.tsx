/**
 * /flags — the tenant's feature flags (docs/settings.md "Feature flags"): each flag with what it
 * does, its default, the store's value and who changed it when (`GET /flags/details`). Administrators
 * switch them (`PUT /api/flags/{name}`); agents read them. A switch in any tab reaches every open tab
 * through the live stream (`flags.updated`): this list and the console's flags are read again.
 */
import { useState } from 'react';
import { App as AntApp, Alert, Card, List, Space, Switch, Tag, Typography } from 'antd';
import { useCustom, useSubscription } from '@refinedev/core';
import type { FlagDetail } from '../../contract/flags';
import { resourceChannel } from '../../contract/events';
import { useCommand } from '../shared/use-command';
import { useFlags } from '../../providers/flags';
import { finalMessage } from '../../providers/api';
import { PageHeader } from '../../src/shell/page-header';
import { useCommandAllowed } from '../../src/shell/command-gate';
import { LoadError } from '../shared/list-error';
import flagsModule from './index';

const DESCRIPTION: Record<string, string> = {
  enableOrchestrator: 'The AI orchestrator chat: its menu item and page.',
  enableListingPoster: 'Creating new listings for the marketplaces.',
  enableAdvancedAnalytics: 'Advanced analytics views.',
  enableBetaFeatures: 'Features still in beta, each tagged "Beta" while on. Today: the MCP server at /mcp, through which outside agents and tools (Claude Desktop, IDEs) act on your store as the member whose token they use.',
};

const onOff = (v: boolean) => (v ? 'On' : 'Off');

function changedText(f: FlagDetail): string {
  if (f.stored === null || !f.updated_at) return 'Never changed: the default applies';
  const when = new Date(f.updated_at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  return `Set ${onOff(f.stored).toLowerCase()} by ${f.updated_by ?? 'a former member'} on ${when}`;
}

export default function FlagsPage() {
  const mayToggle = useCommandAllowed(flagsModule.commands.toggle);
  const { reload } = useFlags();
  const { query } = useCustom<{ data: FlagDetail[] }>({ url: '/flags/details', method: 'get', errorNotification: false });
  useSubscription({ channel: resourceChannel('flags'), types: ['*'], onLiveEvent: () => void query.refetch() });
  const { notification } = AntApp.useApp();
  const send = useCommand();
  const [saving, setSaving] = useState<string | null>(null);
  const rows = query.data?.data.data ?? [];

  const toggle = async (name: string, enabled: boolean) => {
    setSaving(name);
    try {
      await send(`/flags/${encodeURIComponent(name)}`, { enabled }, 'put');
      await Promise.all([query.refetch(), reload()]);
      notification.success({ message: `${name} ${enabled ? 'turned on' : 'turned off'}` });
    } catch (e) {
      notification.error({ message: finalMessage(e) });
    } finally {
      setSaving(null);
    }
  };

  return (
    <>
      <PageHeader title="Feature Flags" subtitle="Switch features on or off for your whole store. Every change is audited." />
      {!mayToggle && <Alert type="info" showIcon style={{ marginBottom: 16 }} message="You can see the flags; only an administrator can switch them." />}
      {query.isError && <LoadError what="the feature flags" error={query.error} onRetry={() => void query.refetch()} />}
      <Card>
        <List
          loading={query.isPending}
          locale={{ emptyText: 'No feature flags.' }}
          dataSource={rows}
          renderItem={(f) => (
            <List.Item
              data-flag={f.name}
              actions={[
                <Switch key="s" checked={f.enabled} loading={saving === f.name} disabled={!mayToggle || saving !== null} aria-label={f.name} onChange={(v) => void toggle(f.name, v)} />,
              ]}
            >
              <List.Item.Meta
                title={
                  <Space wrap>
                    <Typography.Text code>{f.name}</Typography.Text>
                    <Tag>Default: {onOff(f.default)}</Tag>
                    <Tag color={f.stored === null ? undefined : 'blue'}>This store: {onOff(f.enabled)}</Tag>
                  </Space>
                }
                description={
                  <>
                    <div>{DESCRIPTION[f.name] ?? 'Feature flag.'}</div>
                    <Typography.Text type="secondary">{changedText(f)}</Typography.Text>
                  </>
                }
              />
            </List.Item>
          )}
        />
      </Card>
    </>
  );
}
