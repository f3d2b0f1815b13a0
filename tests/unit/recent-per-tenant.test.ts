import { describe, expect, it } from 'vitest';
import { recentPerTenant } from '../../server/events/recent-per-tenant';

describe('a figure read at most once per max age and tenant (docs/performance.md "Dashboard")', () => {
  function counter() {
    let t = 0;
    const reads: string[] = [];
    let fail = false;
    const read = async (tenant: string) => {
      reads.push(tenant);
      if (fail) throw new Error('database unavailable');
      return `${tenant}#${reads.length}`;
    };
    const get = recentPerTenant(read, 1000, () => t);
    return { get, reads, tick: (ms: number) => (t += ms), failNext: (v: boolean) => (fail = v) };
  }

  it('shares one read among callers at once and within the max age; reads again after it', async () => {
    const c = counter();
    const [a, b] = await Promise.all([c.get('t1'), c.get('t1')]);
    expect([a, b]).toEqual(['t1#1', 't1#1']);
    c.tick(999);
    expect(await c.get('t1')).toBe('t1#1');
    c.tick(1);
    expect(await c.get('t1')).toBe('t1#2');
    expect(c.reads).toEqual(['t1', 't1']);
  });

  it('keeps tenants apart', async () => {
    const c = counter();
    expect(await c.get('t1')).toBe('t1#1');
    expect(await c.get('t2')).toBe('t2#2');
    expect(await c.get('t1')).toBe('t1#1');
  });

  it('does not keep a failed read: the next caller reads again', async () => {
    const c = counter();
    c.failNext(true);
    await expect(c.get('t1')).rejects.toThrow('database unavailable');
    c.failNext(false);
    expect(await c.get('t1')).toBe('t1#2');
  });
});
