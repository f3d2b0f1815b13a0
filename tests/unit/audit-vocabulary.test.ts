/**
 * The audit log's one vocabulary (docs/governance.md "Audit log"; contract/audit-vocabulary.ts):
 * every audit entry the server's sources write names its resource singular snake_case and its action
 * `<resource>.<verb>`; older names given to a filter read as the current ones; and the diff of an
 * entry lists the changed paths with their old and new values.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION, AUDIT_RESOURCE, actionFilter, canonicalResource } from '../../contract/audit-vocabulary';
import { auditDiff } from '../../contract/audit-diff';

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });

/** `audit({ action: '…', resource: '…' … })` and the writeAudit(…, { action, resource }) calls, literal or template. */
function writes(): { file: string; action: string; resource: string }[] {
  const out: { file: string; action: string; resource: string }[] = [];
  for (const file of files(join(__dirname, '../../server'))) {
    const text = readFileSync(file, 'utf8');
    const re = /action:\s*(?:'([^']+)'|`([^`]+)`|[^,]*\?\s*'([^']+)'\s*:\s*'([^']+)')\s*,\s*resource:\s*'([^']+)'/g;
    for (const m of text.matchAll(re)) {
      for (const a of [m[1], m[2], m[3], m[4]].filter(Boolean)) out.push({ file, action: a.replace(/\$\{[^}]+\}/g, 'x'), resource: m[5] });
    }
  }
  return out;
}

describe('the audit vocabulary', () => {
  it('is what every audit entry of the server writes: resource singular snake_case, action <resource>.<verb>', () => {
    const all = writes();
    expect(all.length).toBeGreaterThan(50);
    for (const w of all) {
      expect(w.resource, w.file).toMatch(AUDIT_RESOURCE);
      expect(w.action, w.file).toMatch(AUDIT_ACTION);
      expect(w.action.startsWith(`${w.resource}.`), `${w.file}: ${w.action} on ${w.resource}`).toBe(true);
      expect(canonicalResource(w.resource), w.file).toBe(w.resource);
    }
  });

  it('reads older names in a filter as the current ones; a bare verb matches it on any resource', () => {
    expect(canonicalResource('products')).toBe('product');
    expect(canonicalResource('Webhooks')).toBe('webhook');
    expect(canonicalResource('pricing_rule')).toBe('pricing_rule');
    expect(actionFilter('create')).toEqual({ verb: 'create' });
    expect(actionFilter('suppliers.create')).toEqual({ exact: 'supplier.create' });
    expect(actionFilter('capital.advance_approved')).toEqual({ exact: 'advance.approve' });
    expect(actionFilter('dlq.replay')).toEqual({ exact: 'dlq_message.replay' });
    expect(actionFilter('listing.create')).toEqual({ exact: 'listing.create' });
  });
});

describe('the diff of an entry', () => {
  it('lists changed paths with old and new values, nested and in arrays, in a stable order', () => {
    expect(auditDiff({ title: 'A', price: 10, ship_to: { city: 'Oslo', zip: '1' }, tags: ['a'] }, { title: 'B', price: 10, ship_to: { city: 'Bergen', zip: '1' }, tags: ['a', 'b'] })).toEqual([
      { path: 'ship_to.city', before: 'Oslo', after: 'Bergen' },
      { path: 'tags[1]', before: null, after: 'b' },
      { path: 'title', before: 'A', after: 'B' },
    ]);
  });

  it('lists every field of a create and of a delete, nothing for no change', () => {
    expect(auditDiff(null, { a: 1, b: { c: 2 } })).toEqual([{ path: 'a', before: null, after: 1 }, { path: 'b', before: null, after: { c: 2 } }]);
    expect(auditDiff({ a: 1 }, undefined)).toEqual([{ path: 'a', before: 1, after: null }]);
    expect(auditDiff({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
    expect(auditDiff('on', 'off')).toEqual([{ path: '(value)', before: 'on', after: 'off' }]);
    expect(auditDiff({ 'odd key': 1 }, { 'odd key': 2 })).toEqual([{ path: '["odd key"]', before: 1, after: 2 }]);
  });
});
