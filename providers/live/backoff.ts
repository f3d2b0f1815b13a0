/** Stream reconnect backoff — docs/product/constants.md: starts at 1 s, doubles with ±25 % jitter, up to 30 s. */
import { STREAMS } from '../../contract/constants';

export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(STREAMS.backoffCapMs, STREAMS.backoffBaseMs * STREAMS.backoffFactor ** Math.max(0, attempt));
  const jitter = 1 + (random() * 2 - 1) * STREAMS.backoffJitter;
  return Math.min(STREAMS.backoffCapMs, Math.round(base * jitter));
}
