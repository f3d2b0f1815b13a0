/** /otp rate limits kept in the database — docs/product/auth-protocol.md §1/§8, docs/product/architecture.md: per email and per client address. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { mailbox, pkcePair, requestLink } from './auth-kit';

let h: Harness;
beforeAll(async () => {
  h = await startServer({ emailMinIntervalS: 60, otpIpLimit: 4 });
});
afterAll(async () => h?.close());

describe('/otp rate limits', () => {
  it('allows one mail per address per interval, with Retry-After', async () => {
    expect((await requestLink(h, 'seller@demo.local', { challenge: pkcePair().challenge })).status).toBe(200);
    const again = await requestLink(h, 'seller@demo.local', { challenge: pkcePair().challenge });
    expect(again.status).toBe(429);
    const retry = Number(again.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(55);
    expect(retry).toBeLessThanOrEqual(60);
    expect(await again.json()).toEqual({
      code: 'over_email_send_rate_limit',
      message: `For security purposes, you can only request this after ${retry} seconds.`,
    });
    expect(await mailbox(h, 'seller@demo.local')).toHaveLength(1);

    // the interval is measured in the database: once it has passed, the next link goes out
    await h.db.query("update auth.rate_events set at = at - interval '61 seconds' where bucket = 'email:seller@demo.local'");
    expect((await requestLink(h, 'seller@demo.local', { challenge: pkcePair().challenge })).status).toBe(200);
  });

  it('limits attempts per client address', async () => {
    // three attempts already spent above; one more fits, then the budget of 4 per 5 minutes is gone
    expect((await requestLink(h, 'agent@demo.local', { challenge: pkcePair().challenge })).status).toBe(200);
    const over = await requestLink(h, 'admin@demo.local', { challenge: pkcePair().challenge });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await over.json()).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    expect(await mailbox(h, 'admin@demo.local')).toEqual([]);
  });
});
