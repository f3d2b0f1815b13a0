/** The one non-overlapping timer of the server's periodic jobs (server/periodic.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPeriodic } from '../../server/periodic';

afterEach(() => vi.useRealTimers());

describe('startPeriodic', () => {
  it('skips an interval while the previous run goes on, reports a failure and runs again next time; stop waits for the run under way', async () => {
    vi.useFakeTimers();
    let release!: () => void;
    let runs = 0;
    const errors: unknown[] = [];
    const stop = startPeriodic(100, () => {
      runs++;
      if (runs === 2) return Promise.reject(new Error('boom'));
      return new Promise<void>((r) => (release = r));
    }, (e) => errors.push(e));
    await vi.advanceTimersByTimeAsync(350); // three intervals, the first run still going
    expect(runs).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(100); // second run fails
    expect(errors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100); // third run starts again
    expect(runs).toBe(3);
    let stopped = false;
    const done = stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release();
    await done;
    await vi.advanceTimersByTimeAsync(500);
    expect(runs).toBe(3);
  });

  it('starts nothing at 0', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const stop = startPeriodic(0, async () => void runs++);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(0);
    await stop();
  });
});
