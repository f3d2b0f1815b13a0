/**
 * NATS-style subject patterns on the client (docs/events.md): tokens split by ".", `*` matches one token,
 * `>` the rest. Used to tell which consumers a subject pre-filter concerns.
 */
export function patternMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}

/** Whether some subject matches both patterns (`orders.*` and `*.created` do; `orders.*` and `pricing.>` do not). */
export function patternsOverlap(a: string, b: string): boolean {
  const x = a.split('.');
  const y = b.split('.');
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if (x[i] === '>' || y[i] === '>') return i < x.length && i < y.length;
    if (x[i] === undefined || y[i] === undefined) return false;
    if (x[i] !== '*' && y[i] !== '*' && x[i] !== y[i]) return false;
  }
  return true;
}

/**
 * Whether a consumer's filter patterns can see messages of `filter` — a subject (`orders.created`),
 * a prefix (`orders`, as the API reads it) or a pattern (`orders.*`).
 */
export function consumerSees(patterns: readonly string[], filter: string): boolean {
  const wild = filter.includes('*') || filter.includes('>');
  const candidates = wild ? [filter] : [filter, `${filter}.>`];
  return patterns.some((p) => candidates.some((c) => patternsOverlap(p, c)));
}

const TOKEN = /^[A-Za-z0-9_-]+$/;

/** A subject filter the API accepts: `orders.*`, `orders.>`, `>` or a plain subject. */
export function isValidPattern(p: string): boolean {
  if (p.length === 0 || p.length > 200) return false;
  const tokens = p.split('.');
  return tokens.every((t, i) => t === '*' || (t === '>' && i === tokens.length - 1) || TOKEN.test(t));
}
