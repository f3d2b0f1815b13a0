/**
 * The connector of an account: the sandbox for sandbox accounts, the real API client for live ones
 * (docs/marketplaces.md "Connectors"). Live credentials are opened here, inside the consumer, and
 * never leave it.
 */
import type { Tx } from '../db';
import type { AccountInfo, MarketplaceConnector } from './connector';
import { ConnectorError } from './connector';
import { sandboxConnector } from './sandbox/connector';
import { openJson, secretsKey } from './secrets';
import { shopifyConnector } from './shopify/connector';

export interface AccountRow extends AccountInfo {
  status: string;
  credentials_enc: string | null;
}

export interface ConnectorEnv {
  dataDir: string;
}

export function connectorFor(tx: Tx, account: AccountRow, env: ConnectorEnv): MarketplaceConnector {
  if (account.mode === 'sandbox') return sandboxConnector(tx, account);
  if (account.kind === 'shopify') {
    if (!account.credentials_enc) throw new ConnectorError('No credentials stored for this account');
    const creds = openJson<Record<string, string>>(secretsKey(env.dataDir), account.credentials_enc);
    return shopifyConnector(creds);
  }
  throw new ConnectorError(`No live connector for ${account.kind}`);
}

export async function loadAccount(tx: Tx, id: string): Promise<AccountRow | null> {
  return (await loadAccounts(tx, [id])).get(id) ?? null;
}

/** Accounts by id, in one read. */
export async function loadAccounts(tx: Tx, ids: string[]): Promise<Map<string, AccountRow>> {
  if (ids.length === 0) return new Map();
  const { rows } = await tx.query<{ id: string; tenant_id: string; kind: AccountRow['kind']; mode: AccountRow['mode']; name: string; status: string; credentials_enc: string | null }>(
    'select id, tenant_id, kind, mode, name, status, credentials_enc from marketplace_accounts where id = any($1::uuid[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, { id: r.id, tenantId: r.tenant_id, kind: r.kind, mode: r.mode, name: r.name, status: r.status, credentials_enc: r.credentials_enc }]));
}
