/** A consumer round's settle queue (server/events/settle-queue.ts): group commit, and a clean stop. */
import { describe, expect, it } from 'vitest';
import { SettleQueue } from '../../server/events/settle-queue';

const macrotask = () => new Promise((r) => setTimeout(r, 0));

describe('SettleQueue', () => {
  it('writes one batch at a time, each taking everything queued meanwhile', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const first = new Promise<void>((r) => (release = r));
    const q = new SettleQueue<number>(async (b) => {
      batches.push(b);
      if (batches.length === 1) await first;
    }, () => false);
    q.push(1);
    q.push(2);
    q.push(3);
    release();
    await q.drained();
    expect(batches).toEqual([[1], [2, 3]]);
    expect(q.busy).toBe(false);
  });

  it('writes nothing once stopping, and is idle again right away (no settled flush left behind)', async () => {
    const batches: number[][] = [];
    const q = new SettleQueue<number>(async (b) => void batches.push(b), () => true);
    q.push(1);
    await macrotask();
    expect(q.busy).toBe(false);
    await q.drained();
    expect(batches).toEqual([]);
  });

  it('reports a failed write to the round, and writes nothing after it', async () => {
    let calls = 0;
    const q = new SettleQueue<number>(async () => {
      calls += 1;
      throw new Error('database gone');
    }, () => false);
    q.push(1);
    await macrotask();
    q.push(2);
    await expect(q.drained()).rejects.toThrow('database gone');
    expect(calls).toBe(1);
  });
});
