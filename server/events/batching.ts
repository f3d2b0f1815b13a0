/**
 * Batched handling for a consumer (docs/events.md "Batched consumers"). The engines hand a consumer
 * its messages one `handle` call at a time, up to its `concurrency` at once; a consumer whose work
 * is cheaper per row than per transaction wraps its handler here. Calls that arrive in the same
 * event-loop turn are gathered per tenant and handled by `many` in one go (one transaction, set-based
 * statements); each call still resolves or rejects on its own. When `many` throws, every message of
 * that group is handled again by `one`, so a bad message fails alone and is retried, then
 * dead-lettered, exactly as without batching; the others succeed.
 */
import type { EventMessage } from './types';

export interface BatchHandlers {
  /** Most messages handed to `many` at once; more arriving in the same turn make another group. */
  max: number;
  /** Handles one tenant's messages together; throwing sends each of them to `one`. */
  many(tenantId: string, msgs: EventMessage[]): Promise<void>;
  /** Handles one message alone: the fallback that isolates a failure. */
  one(msg: EventMessage): Promise<void>;
}

interface Waiting {
  msg: EventMessage;
  resolve(): void;
  reject(e: unknown): void;
}

export function batchedHandler(h: BatchHandlers): (msg: EventMessage) => Promise<void> {
  let waiting: Waiting[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const all = waiting;
    waiting = [];
    const byTenant = new Map<string, Waiting[]>();
    for (const w of all) {
      const list = byTenant.get(w.msg.tenantId) ?? [];
      list.push(w);
      byTenant.set(w.msg.tenantId, list);
    }
    for (const [tenantId, list] of byTenant) {
      for (let i = 0; i < list.length; i += h.max) void runGroup(tenantId, list.slice(i, i + h.max));
    }
  };

  const runGroup = async (tenantId: string, group: Waiting[]) => {
    try {
      await h.many(tenantId, group.map((w) => w.msg));
      for (const w of group) w.resolve();
      return;
    } catch {
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
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}

