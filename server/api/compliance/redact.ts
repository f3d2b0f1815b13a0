/**
 * Anonymising one customer's personal data inside any stored value (docs/governance.md
 * "Compliance"): text columns, jsonb documents (event payloads, audit before/after, dead letters,
 * stored answers) and addresses. Pure: the erasure (erase.ts) reads the rows, calls this and writes
 * back only what changed.
 *
 * - An address object (it has `line1` or `postal_code`) whose name or street line is the customer's
 *   becomes the erased address: name, street, city and postal code replaced, `line2`, `email` and
 *   `phone` dropped; the country and region stay (taxes, analytics and the order's rules read them).
 * - Any other string equal to one of the customer's values, or holding one (values of 3 characters
 *   or more, ignoring case), has it replaced by `[erased]`.
 */

export const ERASED = '[erased]';
export const ERASED_NAME = 'Erased customer';
export const ERASED_LINE = 'Erased';

export interface Needles {
  /** Every value to remove: email, phone numbers, names, street lines (empty and duplicate values ignored). */
  values: readonly string[];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The replacer for a set of values: one regular expression over the longer ones, exact matches for the short ones. */
export function compileNeedles(values: readonly string[]): { exact: Set<string>; pattern: RegExp | null; patterns: string[] } {
  const clean = [...new Set(values.map((v) => v.trim()).filter((v) => v.length > 0))];
  const exact = new Set(clean.map((v) => v.toLowerCase()));
  const long = clean.filter((v) => v.length >= 3).sort((a, b) => b.length - a.length);
  return {
    exact,
    pattern: long.length ? new RegExp(long.map(escape).join('|'), 'gi') : null,
    // SQL ILIKE patterns that find the candidate rows (server side), `\` escaping LIKE's own characters
    patterns: long.map((v) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
  };
}

export type Compiled = ReturnType<typeof compileNeedles>;

function redactString(s: string, c: Compiled): string {
  if (c.exact.has(s.trim().toLowerCase())) return ERASED;
  if (!c.pattern) return s;
  return s.replace(c.pattern, ERASED);
}

const isAddress = (o: Record<string, unknown>) => 'line1' in o || 'postal_code' in o;

/** The erased form of an address: country and region kept, everything that places a person replaced. */
export function erasedAddress(a: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { name: ERASED_NAME, line1: ERASED_LINE, city: ERASED_LINE, postal_code: ERASED_LINE };
  if (typeof a.region === 'string') out.region = a.region;
  if (typeof a.country === 'string') out.country = a.country;
  return out;
}

function addressIsTheCustomers(o: Record<string, unknown>, c: Compiled): boolean {
  for (const k of ['name', 'line1', 'line2', 'email', 'phone']) {
    const v = o[k];
    if (typeof v === 'string' && v.trim() && c.exact.has(v.trim().toLowerCase())) return true;
  }
  return false;
}

/** `value` with the customer's data anonymised; the same reference when nothing matched. */
export function redactValue(value: unknown, c: Compiled): unknown {
  if (typeof value === 'string') return redactString(value, c);
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((v) => {
      const r = redactValue(v, c);
      if (r !== v) changed = true;
      return r;
    });
    return changed ? out : value;
  }
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (isAddress(o) && addressIsTheCustomers(o, c)) {
      const erased = erasedAddress(o);
      return JSON.stringify(erased) === JSON.stringify(o) ? value : erased;
    }
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o)) {
      const r = redactValue(v, c);
      if (r !== v) changed = true;
      out[k] = r;
    }
    return changed ? out : value;
  }
  return value;
}
