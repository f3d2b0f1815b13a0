/**
 * /flags — the tenant's feature flags (defaults in docs/product/data.md, GET /flags in docs/product/api-calls.md "The calls") with switches writing
 * `PUT /api/flags/{name}` (agent or admin, docs/api-conventions.md); the list is reloaded after each change.
 */
import { useState } from 'react';
import { App as AntApp, Card, List, Switch, Typography } from 'antd';
import { useCommand } from '../shared/use-command';
import { useFlags } from '../../providers/flags';
import { finalMessage } from '../../providers/api';
import { PageHeader } from '../../src/shell/page-header';
import { useCommandAllowed } from '../../src/shell/command-gate';
import flagsModule from './index';

const DESCRIPTION: Record<string, string> = {
  enableOrchestrator: 'The AI orchestrator chat.',
  enableListingPoster: 'Publishing listings to marketplaces.',
  enableAdvancedAnalytics: 'Advanced analytics views.',
  enableBetaFeatures: 'Features still in beta.',
};

export default function FlagsPage() {
  const mayToggle = useCommandAllowed(flagsModule.commands.toggle);
  const { flags, loading, reload } = useFlags();
  const { notification } = AntApp.useApp();
  const send = useCommand();
  const [saving, setSaving] = useState<string | null>(null);

  const toggle = async (name: string, enabled: boolean) => {
    setSaving(name);
    try {
      await send(`/flags/${encodeURIComponent(name)}`, { enabled }, 'put');
      await reload();
      notification.success({ message: `${name} ${enabled ? 'enabled' : 'disabled'}` });
    } catch (e) {
      notification.error({ message: finalMessage(e) });
    } finally {
      setSaving(null);
    }
  };

  return (
    <>
      <PageHeader title="Feature Flags" subtitle="Switch features on or off for your whole store. Every change is audited." />
      <Card>
        <List
          loading={loading && saving === null}
          dataSource={Object.entries(flags)}
          renderItem={([name, enabled]) => (
            <List.Item
              actions={[
                <Switch
                  key="s"
                  checked={enabled}
                  loading={saving === name}
                  disabled={!mayToggle}
                  aria-label={name}
                  onChange={(v) => void toggle(name, v)}
                />,
              ]}
            >
              <List.Item.Meta
                title={<Typography.Text code>{name}</Typography.Text>}
                description={DESCRIPTION[name] ?? 'Feature flag.'}
              />
            </List.Item>
          )}
        />
      </Card>
    </>
  );
}
