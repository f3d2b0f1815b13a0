/**
 * Turns on PGlite's one connection (server/db/turns.ts, docs/decisions.md "PGlite serves urgent work
 * first"): urgent callers go first, each kind in arrival order, and a caller that has waited long
 * enough goes before later urgent ones.
 */
import { describe, expect, it } from 'vitest';
import { AGED_MS, Turns } from '../../server/db/turns';

/** Takes a turn for `name` and records when it starts; returns its release. */
function taker(turns: Turns, order: string[]) {
  return (name: string, urgent = false) => {
    const release = turns.take(urgent).then((r) => {
      order.push(name);
      return r;
    });
    return release;
  };
}

describe('Turns', () => {
  it('serves one caller at a time, urgent ones first, each kind in arrival order', async () => {
    const order: string[] = [];
    const turns = new Turns();
    const take = taker(turns, order);
    const first = await take('a');
    const waiting = new Map(['b', 'c', 'tail', 'd', 'router'].map((n) => [n, take(n, n === 'tail' || n === 'router')]));
    expect(turns.queued).toBe(5);
    expect(order).toEqual(['a']);
    first();
    // release each one as it starts: the next starts only then
    for (let k = 1; k <= 5; k++) {
      await new Promise((r) => setImmediate(r));
      expect(order.length).toBe(k + 1);
      (await waiting.get(order[k])!)();
    }
    expect(order).toEqual(['a', 'tail', 'router', 'b', 'c', 'd']);
  });

  it('lets a caller that waited AGED_MS go before a later urgent one, so urgent work cannot starve the rest', async () => {
    let now = 0;
    const order: string[] = [];
    const turns = new Turns(() => now);
    const take = taker(turns, order);
    const first = await take('urgent-1', true);
    const normal = take('request');
    const urgent = take('urgent-2', true);
    now = AGED_MS - 1;
    first();
    const second = await urgent; // not aged yet: urgent goes first
    now = AGED_MS;
    const third = take('urgent-3', true);
    second();
    (await normal)();
    (await third)();
    expect(order).toEqual(['urgent-1', 'urgent-2', 'request', 'urgent-3']);
  });

  it('a release called twice frees one turn only', async () => {
    const order: string[] = [];
    const turns = new Turns();
    const take = taker(turns, order);
    const a = await take('a');
    const b = take('b');
    const c = take('c');
    a();
    a();
    await b;
    await Promise.resolve();
    expect(order).toEqual(['a', 'b']); // c still waits for b
    (await b)();
    await c;
    expect(order).toEqual(['a', 'b', 'c']);
  });
});
