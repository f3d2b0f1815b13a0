/**
 * Subject patterns (NATS style, docs/events.md): tokens split by ".", `*` matches one token, `>` the
 * rest. Used by consumer filters, webhook subject filters and the events API.
 */
import { STREAM_NAMES, type StreamName } from '../../contract/events';

// the syntax check is part of the wire contract (the console validates filters too)
export { isValidPattern, isValidSubject } from '../../contract/subjects';

/** PostgreSQL / JS regular expression equivalent to one pattern (anchored). */
export function patternRegex(p: string): string {
  const parts = p.split('.').map((t) => (t === '*' ? '[^.]+' : t === '>' ? '.+' : t.replace(/[-]/g, '\\-')));
  return `^${parts.join('\\.')}$`;
}

/** One regex matching any of the patterns (consumer with several filters). */
export function patternsRegex(ps: readonly string[]): string {
  return ps.length === 1 ? patternRegex(ps[0]) : `(${ps.map(patternRegex).join(')|(')})`;
}

export function compileMatcher(ps: readonly string[]): (subject: string) => boolean {
  const re = new RegExp(patternsRegex(ps));
  return (s) => re.test(s);
}

/**
 * The API's subject filter: a pattern with wildcards, or a plain prefix ("orders" matches
 * orders.created). Returns a regex for `subject ~ $n`.
 */
export function subjectFilterRegex(filter: string): string {
  if (filter.includes('*') || filter.includes('>')) return patternRegex(filter);
  const esc = filter.replace(/[.\\^$|?+()[\]{}-]/g, (c) => `\\${c}`);
  return `^${esc}`;
}

/** Streams a pattern can touch: the first token names the stream unless it is a wildcard. */
export function streamsOfPattern(p: string, streamOf: (s: string) => StreamName): StreamName[] {
  const first = p.split('.')[0];
  return first === '*' || first === '>' ? [...STREAM_NAMES] : [streamOf(first)];
}
