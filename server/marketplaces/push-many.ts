/**
 * Pushes of many listings over many accounts, and the offers seen right after (docs/marketplaces.md
 * "Listings"): sandbox accounts all at once (they share the sandbox tables, server/marketplaces/
 * sandbox/push.ts), live accounts each through its own connector. Answers come back per group, in
 * the groups' and listings' order; offers for every accepted listing that is not ended.
 */
import type { Tx } from '../db';
import { pushAll, type ListingPush, type OffersSnapshot, type PushResult } from './connector';
import { connectorFor, type AccountRow, type ConnectorEnv } from './registry';
import { sandboxOffersAcross, sandboxPushAcross } from './sandbox/push';

export interface PushGroup { account: AccountRow; ps: ListingPush[] }
export interface PushAnswer { results: PushResult[]; offers: Map<string, OffersSnapshot> }

const offered = (ps: ListingPush[], results: PushResult[]) =>
  results.flatMap((r, i) => (r.ok && r.externalId && ps[i].action !== 'end' ? [r.externalId] : []));

export async function pushGroups(tx: Tx, groups: PushGroup[], env: ConnectorEnv): Promise<PushAnswer[]> {
  const answers: PushAnswer[] = groups.map(() => ({ results: [], offers: new Map() }));
  const sandbox = groups.map((g, i) => ({ g, i })).filter(({ g }) => g.account.mode === 'sandbox' && g.ps.length > 0);
  if (sandbox.length > 0) {
    const results = await sandboxPushAcross(tx, sandbox.map(({ g }) => g));
    const seen = await sandboxOffersAcross(tx, sandbox.flatMap(({ g }, k) => offered(g.ps, results[k]).map((externalId) => ({ accountId: g.account.id, externalId }))));
    sandbox.forEach(({ g, i }, k) => {
      answers[i] = { results: results[k], offers: new Map((seen.get(g.account.id) ?? []).map((s) => [s.externalId, s])) };
    });
  }
  for (const [i, g] of groups.entries()) {
    if (g.account.mode === 'sandbox' || g.ps.length === 0) continue;
    const connector = connectorFor(tx, g.account, env);
    const results = await pushAll(connector, g.ps);
    const ids = offered(g.ps, results);
    const snaps = ids.length > 0 ? await connector.pullOffers(ids) : [];
    answers[i] = { results, offers: new Map(snaps.map((s) => [s.externalId, s])) };
  }
  return answers;
}
