/**
 * The running server's facts from GET /health. Its environment for the Diagnostics drawer, the same
 * value the Ops Console shows as "Server environment", so the drawer's "Build mode" (how this bundle
 * was built) and the server's environment are both shown, each named for what it is
 * (docs/decisions.md). Its version and commit for the build-info panel, beside the bundle's own: the
 * bundle is rebuilt only when client code changes, so its commit can be older than the server's.
 */
import { useEffect, useState } from 'react';
// through the request log of the Diagnostics drawer (providers/console-fetch.ts)
import { consoleFetch } from '../../../providers/console-fetch';

export type ServerFact = { state: 'loading' } | { state: 'known'; value: string } | { state: 'unknown' };

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** The running server's answer to GET /health: its environment, and its version and commit (`v0.1.0 · 77d6741`). */
async function readServerFacts(endpoint: string, fetchFn: typeof fetch): Promise<{ environment: string | null; build: string | null } | null> {
  try {
    const res = await fetchFn(endpoint, { headers: { accept: 'application/json' }, cache: 'no-store' });
    const body = (await res.json()) as { environment?: unknown; version?: unknown; commit?: unknown };
    const version = text(body.version);
    const commit = text(body.commit);
    return { environment: text(body.environment), build: version && commit ? `v${version} · ${commit}` : null };
  } catch {
    return null;
  }
}

/** One fact of the running server's GET /health, read once per opening (`endpoint` null while closed). */
export function useServerFact(endpoint: string | null, fact: 'environment' | 'build', fetchFn: typeof fetch = consoleFetch): ServerFact {
  const [env, setEnv] = useState<ServerFact>({ state: 'loading' });
  useEffect(() => {
    if (!endpoint) return;
    let alive = true;
    setEnv({ state: 'loading' });
    void readServerFacts(endpoint, fetchFn).then((f) => {
      const v = f?.[fact] ?? null;
      if (alive) setEnv(v ? { state: 'known', value: v } : { state: 'unknown' });
    });
    return () => {
      alive = false;
    };
    // fetchFn is a stable dependency in practice; a new function per render must not refetch
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [endpoint]);
  return env;
}
