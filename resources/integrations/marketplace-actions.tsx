/**
 * Pause / resume / reconnect and disconnect of one marketplace account, each behind a confirmation
 * that names the account (docs/marketplaces-ui.md "Marketplace Setup"). Writes go through Refine's
 * useUpdate / useDelete (PUT / DELETE /api/marketplaces/{id}), which refresh the list.
 */
import { Button, Popconfirm, Space } from 'antd';
import { DisconnectOutlined, PauseCircleOutlined, PlayCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { useDelete, useUpdate, type HttpError } from '@refinedev/core';
import type { ReactNode } from 'react';
import { finalMessage } from '../../providers/api';
import type { MarketplaceAccount, MarketplaceUpdate } from '../../contract/marketplaces';
import { CommandGate } from '../../src/shell/command-gate';
import integrations from './index';

/** What a status change is called, by the status it asks for and the one it leaves. */
function changeOf(a: MarketplaceAccount): { to: 'paused' | 'connected'; verb: string; title: string; body: string; icon: ReactNode } {
  if (a.status === 'paused') {
    return { to: 'connected', verb: 'Resume', title: `Resume “${a.name}”?`, body: 'Listing changes held while paused are pushed now, and orders are pulled again.', icon: <PlayCircleOutlined /> };
  }
  if (a.status === 'error') {
    return { to: 'connected', verb: 'Reconnect', title: `Reconnect “${a.name}”?`, body: 'The connector verifies the account again; the error clears once it answers.', icon: <ReloadOutlined /> };
  }
  return { to: 'paused', verb: 'Pause', title: `Pause “${a.name}”?`, body: 'Nothing is pushed to or pulled from this marketplace until you resume it. Its listings stay as they are.', icon: <PauseCircleOutlined /> };
}

export function MarketplaceActions({ account }: { account: MarketplaceAccount }) {
  const { mutate: update, mutation: updating } = useUpdate<MarketplaceAccount, HttpError, MarketplaceUpdate>();
  const { mutate: remove, mutation: removing } = useDelete<MarketplaceAccount>();
  const change = changeOf(account);
  const listings = account.listings_count;

  return (
    <Space size={4} wrap>
      {account.status !== 'pending' && (
        <CommandGate command={integrations.commands.pause}>
          <Popconfirm
            title={change.title}
            description={<div style={{ maxWidth: 320 }}>{change.body}</div>}
            okText={change.verb}
            onConfirm={() =>
              update({
                resource: 'marketplaces',
                id: account.id,
                values: { status: change.to },
                successNotification: () => ({ type: 'success', message: `${change.verb === 'Pause' ? 'Paused' : change.verb === 'Resume' ? 'Resumed' : 'Reconnecting'} “${account.name}”` }),
                errorNotification: (e) => ({ type: 'error', message: `Could not ${change.verb.toLowerCase()} “${account.name}”`, description: finalMessage(e) }),
              })
            }
          >
            <Button size="small" icon={change.icon} loading={updating.isPending} aria-label={`${change.verb} ${account.name}`}>
              {change.verb}
            </Button>
          </Popconfirm>
        </CommandGate>
      )}
      <CommandGate command={integrations.commands.disconnect}>
        <Popconfirm
          title={`Disconnect “${account.name}”?`}
          description={
            <div style={{ maxWidth: 320 }}>
              {listings > 0
                ? `Its ${listings.toLocaleString('en-US')} listing${listings === 1 ? '' : 's'}, sandbox state and MAP violations are deleted with it. Orders already imported stay.`
                : 'The account is removed. Orders already imported stay.'}
            </div>
          }
          okText="Disconnect"
          okButtonProps={{ danger: true }}
          onConfirm={() =>
            remove({
              resource: 'marketplaces',
              id: account.id,
              successNotification: () => ({ type: 'success', message: `Disconnected “${account.name}”` }),
              errorNotification: (e) => ({ type: 'error', message: `Could not disconnect “${account.name}”`, description: finalMessage(e) }),
            })
          }
        >
          <Button size="small" danger icon={<DisconnectOutlined />} loading={removing.isPending} aria-label={`Disconnect ${account.name}`}>
            Disconnect
          </Button>
        </Popconfirm>
      </CommandGate>
    </Space>
  );
}
