/**
 * Anonymising a customer inside stored values (server/api/compliance/redact.ts, docs/governance.md
 * "Compliance"): addresses that are the customer's become the erased address (country and region
 * kept), their values inside any text become "[erased]" whatever the case, other people's data and
 * short values inside longer words are left alone, and an unchanged value keeps its identity (the
 * erasure writes back only what changed).
 */
import { describe, expect, it } from 'vitest';
import { compileNeedles, ERASED, redactValue } from '../../server/api/compliance/redact';

const c = compileNeedles(['jane@example.com', 'Jane Roe', '+1 415 555 0199', '12 Elm Street', 'Al', ' ', '']);

describe('redactValue', () => {
  it.each([
    ['an equal string, any case', 'JANE ROE', ERASED],
    ['inside a sentence', 'Jane Roe asked to cancel (jane@example.com)', `${ERASED} asked to cancel (${ERASED})`],
    ['a phone inside a note', 'call +1 415 555 0199 first', `call ${ERASED} first`],
    ['a short value exactly', 'al', ERASED],
    ['a short value inside a word stays', 'Alice', 'Alice'],
    ["someone else's name", 'Otto Keeper', 'Otto Keeper'],
  ])('%s', (_, input, out) => {
    expect(redactValue(input, c)).toBe(out);
  });

  it("replaces the customer's address, keeping country and region; leaves another address alone", () => {
    const theirs = { name: 'Jane Roe', line1: '12 Elm Street', line2: 'Apt 2', city: 'Austin', region: 'TX', postal_code: '73301', country: 'US' };
    const other = { name: 'Otto Keeper', line1: '5 Oak Road', city: 'Austin', region: 'TX', postal_code: '73301', country: 'US' };
    const doc = { before: { ship_to: theirs }, after: { ship_to: other }, n: 3, ok: true, none: null };
    expect(redactValue(doc, c)).toEqual({
      before: { ship_to: { name: 'Erased customer', line1: 'Erased', city: 'Erased', postal_code: 'Erased', region: 'TX', country: 'US' } },
      after: { ship_to: other },
      n: 3, ok: true, none: null,
    });
  });

  it('answers the same reference when nothing matched, and walks arrays', () => {
    const doc = { items: [{ sku: 'A-1', qty: 2 }], note: 'fine' };
    expect(redactValue(doc, c)).toBe(doc);
    expect(redactValue(['x', 'Jane Roe'], c)).toEqual(['x', ERASED]);
  });

  it('gives LIKE patterns for the longer values, escaping % and _', () => {
    expect(compileNeedles(['50%_off', 'ab']).patterns).toEqual(['%50\\%\\_off%']);
  });
});
