/**
 * The server's environment for the Diagnostics drawer: read from GET /health (`environment`), the
 * same value the Ops Console shows as "Server environment" — so the drawer's "Build mode" (how this
 * bundle was built) and the server's environment are both shown, each named for what it is
 * (docs/decisions.md).
 */
import { useEffect, useState } from 'react';

export type ServerEnvironment = { state: 'loading' } | { state: 'known'; value: string } | { state: 'unknown' };

export async function readServerEnvironment(endpoint: string, fetchFn: typeof fetch): Promise<string | null> {
  try {
    const res = await fetchFn(endpoint, { headers: { accept: 'application/json' }, cache: 'no-store' });
    const body = (await res.json()) as { environment?: unknown };
    return typeof body.environment === 'string' && body.environment !== '' ? body.environment : null;
  } catch {
    return null;
  }
}

/** Reads once per opening (`endpoint` null while closed). */
export function useServerEnvironment(endpoint: string | null, fetchFn: typeof fetch = (i, init) => window.fetch(i, init)): ServerEnvironment {
  const [env, setEnv] = useState<ServerEnvironment>({ state: 'loading' });
  useEffect(() => {
    if (!endpoint) return;
    let alive = true;
    setEnv({ state: 'loading' });
    void readServerEnvironment(endpoint, fetchFn).then((v) => alive && setEnv(v ? { state: 'known', value: v } : { state: 'unknown' }));
    return () => {
      alive = false;
    };
    // fetchFn is a stable dependency in practice; a new function per render must not refetch
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [endpoint]);
  return env;
}
