/**
 * The one seeded pseudo-random generator (mulberry32): the demo seed (docs/commerce.md) and the
 * sandbox marketplace (docs/marketplaces.md "Sandbox") draw from it, so the same seed gives the
 * same data on every engine and every run. Never Math.random where a result must be reproducible.
 */
export type Rng = () => number;

/** mulberry32 from a 32-bit seed: tiny, fast, good enough for demo data and simulations. */
export function prng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** mulberry32 seeded by a 32-bit FNV-1a hash of the parts (an account id, an item, a tick number). */
export function rngOf(...parts: (string | number)[]): Rng {
  let h = 0x811c9dc5;
  for (const ch of parts.join('|')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return prng(h);
}
