/** The sandbox clock: off under the test runner by default, on when SANDBOX_TICK_MS is set, ticking the demo tenant's sandboxes only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs } from './tokens';
import { sandboxTickMs } from '../../server/api/marketplaces/clock';
import { waitFor } from './wait-for';

let h: Harness;

beforeAll(async () => {
  process.env.SANDBOX_TICK_MS = '200';
  h = await startServer();
}, 180_000);
afterAll(async () => {
  delete process.env.SANDBOX_TICK_MS;
  await h?.close();
});

describe('sandbox clock', () => {
  it('defaults: 60 s when the server runs, off under the test runner, 0 turns it off', () => {
    expect(sandboxTickMs({})).toBe(60_000);
    expect(sandboxTickMs({ VITEST: 'true' })).toBe(0);
    expect(sandboxTickMs({ VITEST: 'true', SANDBOX_TICK_MS: '500' })).toBe(500);
    expect(sandboxTickMs({ SANDBOX_TICK_MS: '0' })).toBe(0);
  });

  it('advances the demo tenant sandboxes on its own, and syncs them', async () => {
    const ticked = await waitFor(async () => {
      const r = await callAs(h, 'seller@demo.local', 'GET', '/api/marketplaces');
      return r.body.data.some((m: { sandbox_tick: number }) => m.sandbox_tick >= 1) ? r.body.data : null;
    }, 'the clock ticks', 150_000);
    expect(ticked).toHaveLength(3);
    const nw = await callAs(h, 'owner@northwind.local', 'GET', '/api/marketplaces');
    expect(nw.body.data[0].sandbox_tick).toBe(0);
  }, 180_000);
});
