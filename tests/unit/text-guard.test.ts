/**
 * The text guard every route runs before validation (server/api/text-guard.ts) and the log's error
 * serializer (server/logging.ts): text PostgreSQL cannot store is found at any depth, keys included,
 * and a database error's values never reach a log line (docs/api-conventions.md "Bad input never answers 500").
 */
import { describe, expect, it } from 'vitest';
import { DEPTH_MESSAGE, MAX_DEPTH, findBadText } from '../../server/api/text-guard';
import { errForLog } from '../../server/logging';
import { NUL_MESSAGE, SURROGATE_MESSAGE } from '../../contract/fields';

describe('findBadText', () => {
  it('names the path of a NUL or an unpaired surrogate, in values and keys at any depth', () => {
    expect(findBadText({ a: 'fine', b: ['x', { c: 'a\ud800b' }] })).toEqual({ path: ['b', 1, 'c'], message: SURROGATE_MESSAGE, code: 'invalid_string' });
    expect(findBadText({ a: [{ b: 'x\u0000' }] })).toEqual({ path: ['a', 0, 'b'], message: NUL_MESSAGE, code: 'invalid_string' });
    expect(findBadText({ ok: { ['k\udc00']: 1 } })?.path).toEqual(['ok', 'k\\udc00']);
    expect(findBadText({ ['\u0000']: 1 })?.path).toEqual(['\\u0000']);
    expect(findBadText('\ud800')).toEqual({ path: [], message: SURROGATE_MESSAGE, code: 'invalid_string' });
  });

  it('lets well-formed text, numbers and bytes through', () => {
    expect(findBadText({ emoji: '\ud83d\ude00', n: 1e308, z: -0, t: true, nil: null, list: ['ß', '€'] })).toBeNull();
    expect(findBadText(Buffer.from([0, 0xed, 0xa0, 0x80]))).toBeNull();
  });

  it('refuses nesting past MAX_DEPTH instead of walking 10,000 levels', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const bad = findBadText(deep);
    expect(bad?.message).toBe(DEPTH_MESSAGE);
    expect(bad?.path).toHaveLength(MAX_DEPTH);
    let ok: unknown = 'x';
    for (let i = 0; i < MAX_DEPTH; i++) ok = { a: ok };
    expect(findBadText(ok)).toBeNull();
  });

  it('a long bad key is shown cut short', () => {
    const key = `${'k'.repeat(5000)}\u0000`;
    expect(String(findBadText({ [key]: 1 })?.path[0]).length).toBeLessThanOrEqual(101);
  });
});

describe('errForLog', () => {
  it("keeps what failed and where, never a database error's values", () => {
    const err = Object.assign(new Error('invalid input syntax for type uuid: "secret-value"'), {
      code: '22P02', severity: 'ERROR', table: 'products', routine: 'string_to_uuid',
      detail: 'Key (sku)=(secret-sku) already exists.', where: 'JSON data, line 1: {"name":"secret-name"', query: 'insert into products …', params: ['secret-param'],
    });
    const logged = errForLog(err);
    const text = JSON.stringify(logged);
    for (const secret of ['secret-value', 'secret-sku', 'secret-name', 'secret-param', 'insert into']) expect(text).not.toContain(secret);
    expect(logged).toMatchObject({ type: 'Error', message: 'invalid input syntax for type uuid: "[value]"', code: '22P02', table: 'products', routine: 'string_to_uuid' });
    expect(logged.stack).toContain('text-guard.test');
  });

  it('keeps the names in other errors, the cause, and plain values', () => {
    const err = Object.assign(new Error('duplicate key value violates unique constraint "products_tenant_sku_key"'), { code: '23505', constraint: 'products_tenant_sku_key', detail: 'Key (sku)=(x)' });
    const wrapped = new Error('import failed', { cause: err });
    const logged = errForLog(wrapped) as unknown as { cause: { message: string; constraint: string; detail?: string } };
    expect(logged.cause.message).toContain('"products_tenant_sku_key"');
    expect(logged.cause.constraint).toBe('products_tenant_sku_key');
    expect(logged.cause.detail).toBeUndefined();
    expect(errForLog('text')).toMatchObject({ message: 'text' });
  });
});
