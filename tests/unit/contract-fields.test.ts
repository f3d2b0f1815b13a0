/** The contract's field builders (contract/fields.ts) and the one page size / consumer defaults. */
import { describe, expect, it } from 'vitest';
import { badTextReason, cursor, hasLoneSurrogate, isoDate, isoDateTime, isRealDay, money, MONEY_MAX, NUL_MESSAGE, SURROGATE_MESSAGE, text } from '../../contract/fields';
import { CONSUMER_DEFAULTS, PAGE } from '../../contract/constants';
import { listQuery } from '../../contract/api';
import { jobListQuery } from '../../contract/imports';
import { dlqListQuery } from '../../contract/dlq';
import { eventsQuery } from '../../contract/streams';
import { productCreate } from '../../contract/products';
import { supplierListQuery } from '../../contract/suppliers';
import { loadEventsConfig } from '../../server/events/config';

describe('contract/fields', () => {
  it('text refuses NUL characters and bounds the length', () => {
    const t = text({ max: 5 });
    expect(t.safeParse(' abc ').data).toBe('abc');
    const nul = t.safeParse('a\u0000b');
    expect(nul.success).toBe(false);
    expect(nul.error?.issues[0].message).toBe(NUL_MESSAGE);
    expect(t.safeParse('abcdef').success).toBe(false);
  });

  it('text refuses unpaired surrogates (invalid Unicode) and keeps paired ones (emoji)', () => {
    const t = text({ max: 20 });
    for (const bad of ['a\ud800b', '\udc00', 'x\ud83d', '\ude00y', '\ud800\ud800\udc00', '\ud83d\ude00\udc00']) {
      const r = t.safeParse(bad);
      expect(r.success, JSON.stringify(bad)).toBe(false);
      expect(r.error?.issues[0].message).toBe(SURROGATE_MESSAGE);
      expect(hasLoneSurrogate(bad)).toBe(true);
    }
    for (const good of ['\ud83d\ude00', 'a\ud800\udc00b', 'ß€', '']) {
      expect(t.safeParse(good).success, JSON.stringify(good)).toBe(true);
      expect(hasLoneSurrogate(good)).toBe(false);
    }
    // the same answer as the engine's own check
    for (const s of ['a\ud800b', '\udc00\ud800', '\ud83d\ude00', 'plain']) expect(hasLoneSurrogate(s)).toBe(!(s as unknown as { isWellFormed(): boolean }).isWellFormed());
    expect(badTextReason('a\u0000\ud800')).toBe(NUL_MESSAGE);
    expect(badTextReason('\ud800')).toBe(SURROGATE_MESSAGE);
    expect(badTextReason('fine')).toBeNull();
  });

  it('dates: years 1970–9999, and a day that does not exist is refused', () => {
    expect(isoDate().safeParse('2024-02-29').success).toBe(true);
    expect(isoDate().safeParse('2023-02-29').success).toBe(false);
    expect(isoDate().safeParse('2024-02-31').success).toBe(false);
    expect(isoDate().safeParse('0000-01-01').success).toBe(false);
    expect(isoDateTime().safeParse('9999-12-31T23:59:59Z').success).toBe(true);
    expect(isoDateTime().safeParse('1969-12-31T23:59:59Z').success).toBe(false);
    expect(isRealDay(2024, 2, 31)).toBe(false);
    expect(isRealDay(2024, 2, 29)).toBe(true);
    expect(isRealDay(10000, 1, 1)).toBe(false);
  });

  it('amounts stay within numeric(12,2); a NUL in a nested product field names its path', () => {
    expect(money.safeParse(MONEY_MAX).success).toBe(true);
    expect(money.safeParse(MONEY_MAX + 1).success).toBe(false);
    const r = productCreate.safeParse({ title: 'T', sku: 'S', price: 1, variants: [{ sku: 'V\u0000', price: 1 }] });
    expect(r.error?.issues.map((i) => i.path.join('.'))).toContain('variants.0.sku');
  });

  it('a cursor is url-safe base64 of bounded length', () => {
    expect(cursor.safeParse('WyJhIiwxXQ').success).toBe(true);
    expect(cursor.safeParse('a b').success).toBe(false);
    expect(cursor.safeParse('x'.repeat(5000)).success).toBe(false);
  });
});

describe('one page size and one set of consumer defaults', () => {
  it('every list defaults to PAGE.defaultSize', () => {
    for (const schema of [listQuery, jobListQuery, dlqListQuery, eventsQuery]) expect(schema.parse({}).limit).toBe(PAGE.defaultSize);
    expect(supplierListQuery.parse({}).limit).toBe(PAGE.defaultSize);
  });

  it('the suppliers list takes a cursor', () => {
    expect(supplierListQuery.parse({ cursor: 'WyJhIl0' }).cursor).toBe('WyJhIl0');
  });

  it('the event runtime defaults to CONSUMER_DEFAULTS', () => {
    const saved = { b: process.env.EVENTS_BACKOFF_MS, m: process.env.EVENTS_MAX_DELIVER, a: process.env.EVENTS_ACK_WAIT_MS };
    delete process.env.EVENTS_BACKOFF_MS;
    delete process.env.EVENTS_MAX_DELIVER;
    delete process.env.EVENTS_ACK_WAIT_MS;
    try {
      const cfg = loadEventsConfig({ production: false });
      expect({ maxDeliver: cfg.maxDeliver, backoffMs: cfg.backoffMs, ackWaitMs: cfg.ackWaitMs }).toEqual({ ...CONSUMER_DEFAULTS, backoffMs: [...CONSUMER_DEFAULTS.backoffMs] });
    } finally {
      if (saved.b !== undefined) process.env.EVENTS_BACKOFF_MS = saved.b;
      if (saved.m !== undefined) process.env.EVENTS_MAX_DELIVER = saved.m;
      if (saved.a !== undefined) process.env.EVENTS_ACK_WAIT_MS = saved.a;
    }
  });
});
