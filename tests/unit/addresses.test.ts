/**
 * The ship-to address (contract/addresses.ts, docs/commerce.md "Ship-to address"): the rules every way
 * an order comes in shares — required fields, a region where the country uses one, postal formats
 * for US/CA/GB/AU — the lines a label and the order page print, the generator of the seed and the
 * sandbox (server/domain/addresses.ts), and the label's FROM and SHIP TO blocks.
 */
import { describe, expect, it } from 'vitest';
import { addressLines, addressProblems, canonicalPostalCode, needsRegion, postalCodeProblem, shipToAddress } from '../../contract/addresses';
import { GENERATED_COUNTRIES, plausibleAddress } from '../../server/domain/addresses';
import { rngOf } from '../../server/domain/prng';
import { buyerAddress } from '../../server/marketplaces/sandbox/simulate';
import { labelAddresses } from '../../server/dropship/label-pdf';

const US = { name: 'Ada Lovelace', line1: '12 Analytical Row', city: 'Austin', region: 'TX', postal_code: '78701', country: 'US' };

describe('the address schema', () => {
  it('accepts a full address and writes it canonically: trimmed, codes upper case, empty optional fields absent', () => {
    expect(shipToAddress.parse({ ...US, name: '  Ada Lovelace ', line2: '', region: 'tx', country: 'us' })).toEqual(US);
    expect(shipToAddress.parse({ ...US, line2: 'Apt 3', region: 'Texas' })).toEqual({ ...US, line2: 'Apt 3', region: 'Texas' });
    expect(shipToAddress.parse({ ...US, line2: null })).toEqual(US);
  });

  it('names every missing field at once, in words', () => {
    expect(addressProblems({})).toEqual({
      name: "Enter the recipient's name",
      line1: 'Enter the street address',
      city: 'Enter the city',
      postal_code: 'Enter the postal code',
      country: 'Enter the country (two letters, e.g. US)',
    });
    expect(addressProblems({ ...US, line1: '   ', city: '' })).toEqual({ line1: 'Enter the street address', city: 'Enter the city' });
  });

  it('needs a region in the US, Canada and Australia only', () => {
    expect(['US', 'CA', 'AU'].every(needsRegion)).toBe(true);
    expect(['GB', 'DE', 'FR'].some(needsRegion)).toBe(false);
    expect(addressProblems({ ...US, region: undefined })).toEqual({ region: 'Enter the state (required for United States of America)' });
    expect(addressProblems({ ...US, country: 'CA', region: ' ', postal_code: 'K1A 0B1' })).toEqual({ region: 'Enter the province (required for Canada)' });
    expect(addressProblems({ ...US, country: 'AU', region: '', postal_code: '2000' })).toMatchObject({ region: expect.stringContaining('state or territory') });
    expect(addressProblems({ ...US, country: 'GB', region: undefined, postal_code: 'SW1A 1AA' })).toEqual({});
    expect(addressProblems({ ...US, country: 'DE', region: undefined, postal_code: '10115' })).toEqual({});
  });

  it('checks US ZIP, Canadian, UK and Australian postal codes; anywhere else only that there is one', () => {
    const ok: [string, string, string][] = [
      ['US', '94105', '94105'], ['US', '94105-1234', '94105-1234'], ['US', ' 02134 ', '02134'],
      ['CA', 'k1a0b1', 'K1A 0B1'], ['CA', 'M5V  2T6', 'M5V 2T6'],
      ['GB', 'sw1a1aa', 'SW1A 1AA'], ['GB', 'M1 1AE', 'M1 1AE'], ['GB', 'B33 8TH', 'B33 8TH'], ['GB', 'CR2 6XH', 'CR2 6XH'], ['GB', 'DN55 1PT', 'DN55 1PT'], ['GB', 'GIR 0AA', 'GIR 0AA'],
      ['AU', '2000', '2000'], ['DE', '10115', '10115'], ['JP', '100-0001', '100-0001'], ['FR', 'cedex 75', 'CEDEX 75'],
    ];
    for (const [country, code, canonical] of ok) {
      expect(postalCodeProblem(country, code), `${country} ${code}`).toBeNull();
      expect(canonicalPostalCode(country, code)).toBe(canonical);
    }
    const bad: [string, string, RegExp][] = [
      ['US', '9410', /US ZIP/], ['US', '941051', /US ZIP/], ['US', '94105-12', /US ZIP/], ['US', 'ABCDE', /US ZIP/],
      ['CA', 'D1A 0B1', /Canadian/], ['CA', '12345', /Canadian/], ['GB', '12345', /UK postcode/], ['GB', 'SW1A', /UK postcode/],
      ['AU', '200', /Australian/], ['DE', '  ', /Enter the postal code/],
    ];
    for (const [country, code, message] of bad) expect(postalCodeProblem(country, code), `${country} ${code}`).toMatch(message);
    expect(addressProblems({ ...US, postal_code: '7870' })).toEqual({ postal_code: 'Not a US ZIP code (5 digits, or ZIP+4 such as 94105-1234)' });
  });

  it('takes an ISO 3166-1 country only, and text the database can store', () => {
    expect(addressProblems({ ...US, country: 'ZZ' })).toEqual({ country: 'Not an ISO 3166-1 country code (two letters, e.g. US)' });
    expect(addressProblems({ ...US, country: 'USA' })).toEqual({ country: 'Not an ISO 3166-1 country code (two letters, e.g. US)' });
    expect(addressProblems({ ...US, line1: 'a\u0000b' })).toEqual({ line1: 'must not contain NUL characters' });
    expect(addressProblems({ ...US, city: 'x'.repeat(101) })).toEqual({ city: 'At most 100 characters' });
    expect(addressProblems({ ...US, name: 42 })).toEqual({ name: 'Must be text' });
  });
});

describe('the printed lines', () => {
  it('write the city line in the country\'s order and end with the country', () => {
    expect(addressLines({ ...US, line2: 'Apt 3' })).toEqual(['Ada Lovelace', '12 Analytical Row', 'Apt 3', 'Austin, TX 78701', 'United States of America']);
    expect(addressLines({ name: 'A', line1: '1 High St', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' })).toEqual(['A', '1 High St', 'London', 'SW1A 1AA', 'United Kingdom']);
    expect(addressLines({ name: 'A', line1: 'Hauptstraße 1', city: 'Berlin', postal_code: '10115', country: 'DE' })).toEqual(['A', 'Hauptstraße 1', '10115 Berlin', 'Germany']);
    expect(addressLines({ name: 'A', line1: '1 Main St', city: 'Toronto', region: 'ON', postal_code: 'M5V 2T6', country: 'CA' })).toEqual(['A', '1 Main St', 'Toronto, ON M5V 2T6', 'Canada']);
  });

  it('on a label: an outbound label from the supplier to the full address, a return from the customer\'s full address to the seller', () => {
    const out = labelAddresses({ direction: 'outbound', shipFrom: 'CA', shipToCountry: 'US', shipTo: US });
    expect(out).toEqual({ from: ['Supplier warehouse, Canada'], to: ['Ada Lovelace', '12 Analytical Row', 'Austin, TX 78701', 'United States of America'] });
    const ret = labelAddresses({ direction: 'return', shipFrom: 'US', shipFromAddress: US, shipToCountry: 'GB', shipTo: { name: 'Demo Store' } });
    expect(ret).toEqual({ from: ['Ada Lovelace', '12 Analytical Row', 'Austin, TX 78701', 'United States of America'], to: ['Demo Store', 'United Kingdom'] });
    // a label of an older shipment that kept no address
    expect(labelAddresses({ direction: 'outbound', shipFrom: 'US', shipToCountry: 'US', shipTo: null }).to).toEqual(['United States of America']);
  });
});

describe('generated addresses (seed and sandbox)', () => {
  it('are plausible in every country the generator knows and pass the rules unchanged', () => {
    for (const country of [...GENERATED_COUNTRIES, 'JP']) {
      for (let i = 0; i < 300; i++) {
        const a = plausibleAddress(rngOf('test', country, i), country, `Buyer ${i}`);
        const parsed = shipToAddress.safeParse(a);
        expect(parsed.success, `${country} ${JSON.stringify(a)}`).toBe(true);
        expect(parsed.data).toEqual(a);
        expect(a.country).toBe(country);
      }
    }
    expect(plausibleAddress(rngOf('x', 'GB'), 'GB', 'A').postal_code).toMatch(/^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/);
    expect(plausibleAddress(rngOf('x', 'DE'), 'DE', 'A').line1).toMatch(/^\D+ \d+$/);
  });

  it('are the same for the same seed: a sandbox order\'s buyer lives at one address, in the US', () => {
    const a = buyerAddress('acc-1', 'EBAY-SBX-acc-1-3-1', 'Ava Parker');
    expect(buyerAddress('acc-1', 'EBAY-SBX-acc-1-3-1', 'Ava Parker')).toEqual(a);
    expect(a).toMatchObject({ name: 'Ava Parker', country: 'US', region: expect.stringMatching(/^[A-Z]{2}$/), postal_code: expect.stringMatching(/^\d{5}$/) });
    expect(buyerAddress('acc-1', 'EBAY-SBX-acc-1-3-2', 'Ava Parker')).not.toEqual(a);
  });
});
