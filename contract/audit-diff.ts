/**
 * The diff of an audit entry (docs/governance.md "Audit log"): the paths whose value differs between
 * `before` and `after`, each with its old and new value. Plain objects are compared key by key and
 * arrays index by index, so a changed city reads `address.city` and a third tag `tags[2]`; a value
 * present on one side only is `null` on the other. A create (no before) lists every field of after,
 * a delete every field of before. Paths come in a stable order (keys sorted), at most `limit` of them.
 */
import type { AuditChange } from './audit';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && same(a[k], b[k]));
  }
  return false;
}

const key = (path: string, k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? (path ? `${path}.${k}` : k) : `${path}[${JSON.stringify(k)}]`);

export function auditDiff(before: unknown, after: unknown, limit = 500): AuditChange[] {
  const out: AuditChange[] = [];
  const walk = (path: string, a: unknown, b: unknown) => {
    if (out.length >= limit || same(a, b)) return;
    if (isObject(a) && isObject(b)) {
      for (const k of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) walk(key(path, k), a[k] ?? null, b[k] ?? null);
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = 0; i < Math.max(a.length, b.length); i++) walk(`${path}[${i}]`, i < a.length ? a[i] : null, i < b.length ? b[i] : null);
      return;
    }
    // a create or a delete: one side is absent, the other's fields are each a change
    if (path === '' && (a == null || b == null) && (isObject(a) || isObject(b))) {
      const o = (isObject(a) ? a : b) as Record<string, unknown>;
      for (const k of Object.keys(o).sort()) walk(key('', k), a == null ? null : o[k], b == null ? null : o[k]);
      return;
    }
    out.push({ path: path || '(value)', before: a ?? null, after: b ?? null });
  };
  walk('', before ?? null, after ?? null);
  return out;
}
