/**
 * Retry timing — docs/product/constants.md (retries; contract RETRY): 1000 ms doubling per attempt, ±12.5 % jitter,
 * capped at 30 s; a 429 honours Retry-After (seconds or an HTTP date) instead.
 */
import { RETRY } from '../../contract/constants';

/** Delay before retry number `attempt + 1` (attempt 0 = after the first failure). `random` ∈ [0, 1). */
export function backoffDelay(attempt: number, random: () => number): number {
  const base = Math.min(RETRY.capMs, RETRY.baseDelayMs * RETRY.factor ** attempt);
  const jitter = (random() * 2 - 1) * RETRY.jitter;
  // the cap bounds the wait actually slept, so it also applies after jitter
  return Math.round(Math.min(RETRY.capMs, base * (1 + jitter)));
}

/** Milliseconds to wait according to a Retry-After header, or null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null || header.trim() === '') return null;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}
