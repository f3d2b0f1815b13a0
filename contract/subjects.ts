/**
 * Subject patterns (docs/events.md): tokens split by ".", `*` matches one token, `>` the rest.
 * The syntax check is shared by the server's filters and the console's inputs.
 */
import { z } from 'zod';
import { text } from './fields';

const TOKEN = /^[A-Za-z0-9_-]+$/;

export function isValidPattern(p: string): boolean {
  if (p.length === 0 || p.length > 200) return false;
  const tokens = p.split('.');
  return tokens.every((t, i) => t === '*' || (t === '>' && i === tokens.length - 1) || TOKEN.test(t));
}

export function isValidSubject(s: string): boolean {
  return s.length > 0 && s.length <= 200 && s.split('.').every((t) => TOKEN.test(t));
}

/** Whether `subject` matches `pattern` (the server's filters compile the same rule to a regex, server/events/subjects.ts). */
export function matchesPattern(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length || (p[i] !== '*' && p[i] !== s[i])) return false;
  }
  return p.length === s.length;
}

/** A list filter: a subject prefix (`orders`) or a pattern (`orders.*`). */
export const subjectFilter = text({ max: 200 }).refine(
  (s) => isValidPattern(s) || /^[A-Za-z0-9_.-]+$/.test(s),
  'subject must be a prefix or a pattern like orders.*',
);

/** A webhook's or consumer's subject pattern. */
export const subjectPattern = z.string().refine(isValidPattern, 'subject filter must look like orders.* or orders.> or >');
