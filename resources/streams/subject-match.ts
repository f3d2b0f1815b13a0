/**
 * NATS-style subject patterns on the client (DESIGN §5): tokens split by ".", `*` matches one token,
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

/**
 * Whether a consumer's filter patterns can see messages of `filter` — a subject (`orders.created`),
 * a prefix (`orders`, as the API reads it) or a pattern (`orders.*`): compared on a sample subject.
 */
export function consumerSees(patterns: readonly string[], filter: string): boolean {
  const sample = filter
    .split('.')
    .map((t) => (t === '*' || t === '>' ? 'x' : t))
    .join('.');
  const samples = [sample, `${sample}.x`];
  return patterns.some((p) => samples.some((s) => patternMatches(p, s)));
}

const TOKEN = /^[A-Za-z0-9_-]+$/;

/** A subject filter the API accepts: `orders.*`, `orders.>`, `>` or a plain subject. */
export function isValidPattern(p: string): boolean {
  if (p.length === 0 || p.length > 200) return false;
  const tokens = p.split('.');
  return tokens.every((t, i) => t === '*' || (t === '>' && i === tokens.length - 1) || TOKEN.test(t));
}
