/** server/events/coalesce.ts: one run at a time, calls during a run fold into one more round. */
import { describe, expect, it } from 'vitest';
import { coalescing } from '../../server/events/coalesce';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('coalescing', () => {
  it('folds calls that arrive during a run into exactly one more round', async () => {
    let rounds = 0;
    let release!: () => void;
    const run = coalescing(async () => {
      rounds++;
      if (rounds === 1) await new Promise<void>((r) => (release = r));
    });
    const first = run();
    await tick();
    const folded = await Promise.all([run(), run(), run()]);
    expect(folded).toEqual([false, false, false]);
    release();
    expect(await first).toBe(true);
    expect(rounds).toBe(2);
  });

  it('rejects the call that ran on a failure and lets the next call start afresh', async () => {
    let fail = true;
    let rounds = 0;
    const run = coalescing(async () => {
      rounds++;
      if (fail) throw new Error('boom');
    });
    await expect(run()).rejects.toThrow('boom');
    fail = false;
    expect(await run()).toBe(true);
    expect(rounds).toBe(2);
  });
});
