/**
 * docs/api-conventions.md, docs/api-conventions.md: /api rate limits answer 429 with Retry-After and
 * `{message, code: "rate_limited"}`; per user when signed in, per address when not; writes have a
 * smaller budget. Limits set low here through API_RATE_LIMIT_PER_MIN / _WRITES_PER_MIN.
 * Fixed one-minute windows: a loop of 2 × limit + 1 requests must meet a 429 even if a window
 * boundary falls inside it, and no request below the limit may be refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { headersFor } from './tokens';

const PER_MIN = 8;
const WRITES_PER_MIN = 2;

let h: Harness;
beforeAll(async () => {
  h = await startServer({ rateLimitPerMin: PER_MIN, rateLimitWritesPerMin: WRITES_PER_MIN });
});
afterAll(async () => h?.close());

/** Sends requests until the first 429; answers its index and response. */
async function untilLimited(limit: number, send: (i: number) => Promise<Response>): Promise<{ index: number; res: Response }> {
  for (let i = 0; i < 2 * limit + 1; i++) {
    const res = await send(i);
    if (res.status === 429) return { index: i, res };
    expect(res.status).toBe(200);
  }
  throw new Error(`no 429 after ${2 * limit + 1} requests`);
}

async function expectRateLimited(res: Response) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  const body = await res.json();
  expect(body).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/per minute/) });
  return body as { message: string };
}

describe('API rate limits', () => {
  it('refuses a user over the per-minute budget with 429 + Retry-After; other users carry on', async () => {
    const seller = await headersFor(h, 'seller@demo.local');
    const { index, res } = await untilLimited(PER_MIN, () => fetch(`${h.url}/api/me`, { headers: seller }));
    expect(index).toBeGreaterThanOrEqual(PER_MIN);
    await expectRateLimited(res);
    const agent = await fetch(`${h.url}/api/me`, { headers: await headersFor(h, 'agent@demo.local') });
    expect(agent.status).toBe(200);
    expect(agent.headers.get('x-ratelimit-limit')).toBe(String(PER_MIN));
  });

  it('gives writes a smaller budget, and a refused write changes nothing', async () => {
    const admin = await headersFor(h, 'admin@demo.local');
    const { index, res } = await untilLimited(WRITES_PER_MIN, (i) =>
      fetch(`${h.url}/api/flags/enableBetaFeatures`, { method: 'PUT', headers: admin, body: JSON.stringify({ enabled: i % 2 === 0 }) }),
    );
    expect(index).toBeGreaterThanOrEqual(WRITES_PER_MIN);
    expect((await expectRateLimited(res)).message).toMatch(/write requests/);
    const flags = await (await fetch(`${h.url}/api/flags`, { headers: admin })).json();
    expect(flags.enableBetaFeatures).toBe((index - 1) % 2 === 0); // the last accepted write, not the refused one
  });

  it('counts callers without a token by address', async () => {
    const { index, res } = await untilLimited(PER_MIN, () => fetch(`${h.url}/api/flags`));
    expect(index).toBeGreaterThanOrEqual(PER_MIN);
    await expectRateLimited(res);
  });
});
