/**
 * A process's caches are of the database they were read from (docs/api-conventions.md "Lists"): a
 * server built after another one in the same process — as the test suite's workers, which keep their
 * modules between files, do — answers its own database's totals, not the cached ones of the other.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs } from './tokens';

const SELLER = 'seller@demo.local';
const started: Harness[] = [];
afterAll(async () => {
  for (const h of started) await h.close();
});

describe('two servers in one process', () => {
  it("the second one's list total is its own database's, not the first one's cached total", async () => {
    const a = await startServer();
    started.push(a);
    const seeded = (await callAs(a, SELLER, 'GET', '/api/suppliers')).body.pagination.total as number;
    expect((await callAs(a, SELLER, 'POST', '/api/suppliers', { name: 'Only in A', country: 'US', tier: 2 })).status).toBe(201);
    expect((await callAs(a, SELLER, 'GET', '/api/suppliers')).body.pagination.total).toBe(seeded + 1);
    await a.close();
    started.pop();

    const b = await startServer();
    started.push(b);
    expect((await callAs(b, SELLER, 'GET', '/api/suppliers')).body.pagination.total).toBe(seeded);
  });
});
