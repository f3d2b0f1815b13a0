/**
 * The status badge's health check — docs/product/shell.md "States and transitions" (health badge), docs/product/api-calls.md
 * "The calls" (health check), docs/product/constants.md (health; contract HEALTH):
 * `HEAD /health` on the API base (no duplicated /api segment) with a 5 s timeout; offline when it
 * fails or answers non-ok, degraded when ok at 500 ms or more, healthy when ok and faster.
 */
import { HEALTH } from '../../../contract/constants';

export type HealthStatus = 'healthy' | 'degraded' | 'offline';

export interface HealthReading {
  status: HealthStatus;
  /** Round-trip time; null when no answer came. */
  latencyMs: number | null;
  endpoint: string;
  checkedAt: number;
}

export const HEALTH_LABEL: Record<HealthStatus, string> = { healthy: 'Healthy', degraded: 'Degraded', offline: 'Offline' };

export function healthStatusOf(ok: boolean, latencyMs: number): HealthStatus {
  if (!ok) return 'offline';
  return latencyMs >= HEALTH.degradedAtMs ? 'degraded' : 'healthy';
}

/** `/health` at the root of the API base: `https://x/api` and `https://x` both give `https://x/health`. */
export function healthEndpoint(apiBase: string): string {
  return `${apiBase.replace(/\/+$/, '').replace(/\/api$/, '')}/health`;
}

export interface HealthDeps {
  fetch: typeof fetch;
  now: () => number;
  timeoutMs?: number;
}

export async function checkHealth(endpoint: string, deps: HealthDeps): Promise<HealthReading> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), deps.timeoutMs ?? HEALTH.timeoutMs);
  const started = deps.now();
  try {
    const res = await deps.fetch(endpoint, { method: 'HEAD', cache: 'no-store', signal: controller.signal });
    const latencyMs = Math.round(deps.now() - started);
    return { status: healthStatusOf(res.ok, latencyMs), latencyMs, endpoint, checkedAt: deps.now() };
  } catch {
    return { status: 'offline', latencyMs: null, endpoint, checkedAt: deps.now() };
  } finally {
    clearTimeout(timer);
  }
}
