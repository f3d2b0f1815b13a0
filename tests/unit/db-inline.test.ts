/** One-round-trip reads (server/db/inline.ts): values become SQL literals only where that is safe. */
import { describe, expect, it } from 'vitest';
import { inlineParams, literal, readMessage } from '../../server/db/inline';

describe('literal', () => {
  it('quotes text, doubling quotes and switching to E-strings for backslashes', () => {
    expect(literal("O'Brien")).toBe("'O''Brien'");
    expect(literal('a\\b')).toBe(" E'a\\\\b'");
    expect(literal('')).toBe("''");
  });

  it('writes numbers, booleans, dates and JSON as quoted text (typed by their context, like a parameter)', () => {
    expect(literal(50)).toBe("'50'");
    expect(literal(12.5)).toBe("'12.5'");
    expect(literal(true)).toBe("'true'");
    expect(literal(new Date('2026-01-02T03:04:05.678Z'))).toBe("'2026-01-02T03:04:05.678Z'");
    expect(literal({ a: "it's" })).toBe(`'{"a":"it''s"}'`);
    expect(literal(null)).toBe('NULL');
    expect(literal(undefined)).toBe('NULL');
  });

  it('writes arrays in the array text form, each element quoted and escaped', () => {
    expect(literal(['pending', 'routed'])).toBe(`'{"pending","routed"}'`);
    expect(literal(['a,b', 'say "hi"', null, "it's"])).toBe(String.raw` E'{"a,b","say \\"hi\\"",NULL,"it''s"}'`);
    expect(literal([])).toBe("'{}'");
  });

  it('refuses what it cannot write safely', () => {
    expect(literal(Number.NaN)).toBeNull();
    expect(literal(Infinity)).toBeNull();
    expect(literal(new Uint8Array([1, 2]))).toBeNull();
    expect(literal('nul \0 inside')).toBeNull();
    expect(literal(new Date('nope'))).toBeNull();
  });
});

describe('inlineParams', () => {
  it('replaces every placeholder, $10 as well as $1', () => {
    const params = Array.from({ length: 10 }, (_, i) => `v${i + 1}`);
    const sql = Array.from({ length: 10 }, (_, i) => `$${i + 1}`).join(',');
    expect(inlineParams(sql, params)).toBe(params.map((p) => `'${p}'`).join(','));
    expect(inlineParams('select $1::uuid, $1', ['x'])).toBe("select 'x'::uuid, 'x'");
  });

  it('leaves quoted text, identifiers and comments alone', () => {
    expect(inlineParams(`select '$1 it''s', "col$1", $1 -- $1\n/* $1 */ from t`, ['v'])).toBe(
      `select '$1 it''s', "col$1", 'v' -- $1\n/* $1 */ from t`,
    );
  });

  it('gives up (null) on what the scanner does not follow or a value it cannot write', () => {
    expect(inlineParams('select $2', ['only one'])).toBeNull();
    expect(inlineParams('select $0', [])).toBeNull();
    expect(inlineParams("select 'unterminated", [])).toBeNull();
    expect(inlineParams('do $$ begin end $$', [])).toBeNull();
    expect(inlineParams("select $fn$ it's $1 $fn$", [])).toBeNull();
    expect(inlineParams('select col$1 from t where a = $1', ['x'])).toBeNull();
    expect(inlineParams("select E'\\n' || $1", ['x'])).toBeNull();
    expect(inlineParams('select $1', [new Uint8Array([1])])).toBeNull();
  });

  it('puts the tenant settings first in the same message', () => {
    const m = readMessage('select * from orders where status = $1', ['pending'], { tenantId: 't1', userId: 'u1' });
    expect(m).toBe(
      "select set_config('app.tenant_id', 't1', true), set_config('app.user_id', 'u1', true);\nselect * from orders where status = 'pending'",
    );
  });
});
