/**
 * GET /api/health/system (docs/ops-ui.md "System Health") on a real database: every signed-in role
 * reads it, a signed-out caller is refused; it answers the tenant's own requests of the last hour per
 * minute (another tenant's requests are not in it), the database engine and whether it answers, and
 * the event platform's engine, streams and consumers. PGlite and PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs } from './tokens';
import { systemHealth } from '../../contract/ops';
import { STREAM_NAMES } from '../../contract/events';

let h: Harness;
const SELLER = 'seller@demo.local';
const ADMIN = 'admin@demo.local';
const NW = 'owner@northwind.local';

const read = async (email: string) => {
  const r = await callAs(h, email, 'GET', '/api/health/system');
  expect(r.status).toBe(200);
  return systemHealth.parse(r.body.data);
};

beforeAll(async () => {
  h = await startServer();
}, 120_000);
afterAll(async () => h?.close());

describe('GET /api/health/system', () => {
  it('every signed-in role reads the database and the event platform; a signed-out caller is refused', async () => {
    for (const email of [SELLER, ADMIN]) {
      const s = await read(email);
      expect(s.database).toMatchObject({ engine: h.db.engine, connected: true });
      expect(s.database.ping_ms).toBeGreaterThanOrEqual(0);
      expect(s.events.connected).toBe(true);
      expect(['embedded', 'jetstream']).toContain(s.events.engine);
      expect(s.events.streams).toBe(STREAM_NAMES.length);
      expect(s.events.consumers).toBeGreaterThan(0);
    }
    expect((await fetch(`${h.url}/api/health/system`)).status).toBe(401);
  });

  it("answers the last hour per minute, the tenant's own requests only", async () => {
    for (let i = 0; i < 12; i++) expect((await callAs(h, SELLER, 'GET', '/api/me')).status).toBe(200);
    const mine = await read(SELLER);
    expect(mine.slo.minutes).toHaveLength(60);
    expect(mine.slo.window_s).toBe(3600);
    const ats = mine.slo.minutes.map((m) => Date.parse(m.at));
    expect(ats.every((t, i) => i === 0 || t - ats[i - 1] === 60_000)).toBe(true);
    expect(Date.now() - ats[59]).toBeLessThan(60_000 + 5_000);
    const counted = mine.slo.minutes.reduce((a, m) => a + m.requests, 0);
    expect(counted).toBe(mine.slo.requests);
    expect(mine.slo.requests).toBeGreaterThanOrEqual(12);
    expect(mine.slo.availability).toBe(1);
    expect(mine.slo.error_rate).toBe(0);
    expect(mine.slo.latency_p95).toBeGreaterThan(0);
    expect(mine.slo.latency_p99).toBeGreaterThanOrEqual(mine.slo.latency_p95);
    expect(mine.slo.requests_per_minute).toBeGreaterThan(0);
    for (const m of mine.slo.minutes) {
      if (m.requests === 0) expect([m.availability, m.error_rate, m.latency_p95, m.latency_p99]).toEqual([null, null, null, null]);
      else expect(m.availability).toBe(1);
    }
    // another tenant's series holds none of the seller's requests
    const theirs = await read(NW);
    expect(theirs.slo.requests).toBeLessThan(12);
  });
});
