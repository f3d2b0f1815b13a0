/**
 * Batched handling for a consumer (docs/events.md "Batched consumers"). The engines hand a consumer
 * its messages one `handle` call at a time, up to its `concurrency` at once; a consumer whose work
 * is cheaper per row than per transaction wraps its handler here. Calls that arrive in the same
 * event-loop turn are gathered per tenant and handled by `many` in one go (one transaction, set-based
 * statements); each call still resolves or rejects on its own. When `many` throws, every message of
 * that group is handled again by `one`, so a bad message fails alone and is retried, then
 * dead-lettered, exactly as without batching; the others succeed. Unless `many` failed because the
 * database connection was lost (docs/reliability.md): that is no message's fault, and one transaction
 * per message on a database that is down or just back would only multiply the work, so the whole
 * group fails and comes back with its retry.
 */
import { groupBy } from '../group-by';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { EventMessage } from './types';

export interface BatchHandlers<M extends EventMessage = EventMessage> {
  /** Most messages handed to `many` at once; more arriving in the same turn make another group. */
  max: number;
  /**
   * Most groups handled at once (default: no limit). Messages arriving while that many run wait and
   * are gathered, up to `max`, into the next group when one ends: under load the groups grow instead
   * of multiplying, so each pays its transaction's fixed statements once for more messages.
   */
  rounds?: number;
  /** Handles one tenant's messages together; throwing sends each of them to `one`. */
  many(tenantId: string, msgs: M[]): Promise<void>;
  /** Handles one message alone: the fallback that isolates a failure. */
  one(msg: M): Promise<void>;
}

interface Waiting<M> {
  msg: M;
  resolve(): void;
  reject(e: unknown): void;
}

/** `M`: the consumer's messages (typed by its filters, server/events/types.ts `MessageFor`). */
export function batchedHandler<M extends EventMessage>(h: BatchHandlers<M>): (msg: M) => Promise<void> {
  const limit = h.rounds ?? Infinity;
  let waiting: Waiting<M>[] = [];
  let scheduled = false;
  let running = 0;

  const schedule = () => {
    if (!scheduled && waiting.length && running < limit) {
      scheduled = true;
      setImmediate(flush);
    }
  };

  const flush = () => {
    scheduled = false;
    const groups: [string, Waiting<M>[]][] = [];
    for (const [tenantId, list] of groupBy(waiting, (w) => w.msg.tenantId)) {
      for (let i = 0; i < list.length; i += h.max) groups.push([tenantId, list.slice(i, i + h.max)]);
    }
    const start = groups.slice(0, Math.max(0, limit - running));
    // what is not started waits, tenant by tenant in arrival order, for the next free round
    waiting = groups.slice(start.length).flatMap(([, g]) => g);
    for (const [tenantId, group] of start) {
      running++;
      void runGroup(tenantId, group).finally(() => {
        running--;
        schedule();
      });
    }
  };

  const runGroup = async (tenantId: string, group: Waiting<M>[]) => {
    try {
      await h.many(tenantId, group.map((w) => w.msg));
      for (const w of group) w.resolve();
      return;
    } catch (e) {
      if (isDatabaseUnavailable(e)) {
        for (const w of group) w.reject(e);
        return;
      }
      // handled again one by one below: the failure belongs to whichever message causes it
    }
    for (const w of group) {
      try {
        await h.one(w.msg);
        w.resolve();
      } catch (e) {
        w.reject(e);
      }
    }
  };

  return (msg) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ msg, resolve, reject });
      schedule();
    });
}
