/**
 * The payout files sellers upload (docs/reconciliation.md "Uploads"): Amazon's settlement report V2
 * flat file in its US and European formats, and Shopify's payout transactions CSV, read from
 * realistic samples (tests/fixtures/).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyAmazon, parseAmazonSettlement, parseSettlementAmount, parseSettlementDate } from '../../server/domain/settlement-files/amazon-settlement';
import { parseShopifyDate, parseShopifyPayouts } from '../../server/domain/settlement-files/shopify-payouts';
import { payoutTotals } from '../../server/domain/settlement-files/lines';

const fixture = (name: string) => readFileSync(join(__dirname, '../fixtures', name), 'utf8');
const sum = (ls: { amountCents: number }[]) => ls.reduce((s, l) => s + l.amountCents, 0);

describe('Amazon settlement report, US format', () => {
  it('reads the summary row and one line per amount; the lines add up to the deposit', async () => {
    const r = await parseAmazonSettlement(fixture('amazon-settlement-us.txt'));
    expect(r.errors).toEqual([]);
    expect(r.format).toBe('us');
    expect(r.payouts).toHaveLength(1);
    const p = r.payouts[0];
    expect(p).toMatchObject({ externalId: '11223344556', depositCents: 93367, currency: 'USD', status: 'paid' });
    expect(p.periodStart.toISOString()).toBe('2024-03-01T07:00:00.000Z');
    expect(p.periodEnd.toISOString()).toBe('2024-03-15T07:00:00.000Z');
    expect(p.depositDate?.toISOString()).toBe('2024-03-17T07:00:00.000Z');
    expect(sum(p.lines)).toBe(93367);
    // the zero promotions are not lines
    expect(p.lines.some((l) => l.amountCents === 0)).toBe(false);
    const first = p.lines.filter((l) => l.externalOrderId === '112-1234567-1234567');
    expect(first.map((l) => [l.kind, l.feeType, l.amountCents])).toEqual([
      ['sale', null, 100000], ['adjustment', null, 8000], ['adjustment', null, -8000], ['fee', 'referral', -15000], ['fee', 'fulfillment', -540],
    ]);
    expect(first[0].postedAt?.toISOString()).toBe('2024-03-03T14:05:11.000Z');
    const refund = p.lines.filter((l) => l.externalOrderId === '112-7654321-7654321' && l.row >= 14);
    expect(refund.map((l) => [l.kind, l.amountCents])).toEqual([['refund', -5000], ['fee', 750], ['fee', -150]]);
    expect(p.lines.filter((l) => l.kind === 'reserve_released').map((l) => l.amountCents)).toEqual([12000]);
    expect(p.lines.filter((l) => l.kind === 'reserve_held').map((l) => l.amountCents)).toEqual([-10000]);
    expect(p.lines.filter((l) => l.feeType === 'advertising').map((l) => l.amountCents)).toEqual([-2544]);
    expect(payoutTotals(p.lines)).toMatchObject({ grossCents: 121000, ordersCount: 2, netCents: 93367 });
  });

  it('reports every bad row in words, with its column', async () => {
    const text = fixture('amazon-settlement-us.txt').split('\r\n');
    text[2] = text[2].replace('1000.00', '1000,00x');
    text[3] = text[3].replaceAll('2024-03-03', '2024-02-31');
    text.splice(4, 0, ['99999', ...Array(5).fill(''), 'Order', 'X', ...Array(16).fill('')].join('\t'));
    const r = await parseAmazonSettlement(text.join('\r\n'));
    expect(r.errors).toEqual([
      { row: 3, column: 'amount', reason: expect.stringMatching(/^Not an amount: "1000,00x"/) },
      { row: 4, column: 'posted-date-time', reason: expect.stringMatching(/^Not a date/) },
      { row: 5, column: 'settlement-id', reason: expect.stringMatching(/Settlement 99999 has no summary row/) },
    ]);
  });

  it('names the missing columns of a file that is not a settlement report', async () => {
    const r = await parseAmazonSettlement('amazon-order-id\tsku\n1\tA\n');
    expect(r.errors.map((e) => e.column)).toContain('settlement-id');
    expect(r.errors.every((e) => e.row === 1 && e.reason === 'Missing column')).toBe(true);
  });
});

describe('Amazon settlement report, European format', () => {
  it('reads dd.mm.yyyy dates and decimal commas', async () => {
    const r = await parseAmazonSettlement(fixture('amazon-settlement-eu.txt'));
    expect(r.errors).toEqual([]);
    expect(r.format).toBe('eu');
    const p = r.payouts[0];
    expect(p).toMatchObject({ externalId: '99887766554', depositCents: 106340, currency: 'EUR' });
    expect(p.periodEnd.toISOString()).toBe('2024-03-15T07:00:00.000Z');
    expect(sum(p.lines)).toBe(106340);
    expect(p.lines.map((l) => [l.kind, l.feeType, l.amountCents])).toEqual([
      ['sale', null, 120000], ['adjustment', null, 22800], ['adjustment', null, -22800], ['fee', 'referral', -18000], ['fee', 'fulfillment', -410],
      ['adjustment', null, -1250], ['adjustment', null, 6000],
    ]);
  });

  it.each([
    ['1.234,56', 'eu', 123456], ['-4,17', 'eu', -417], ['12', 'eu', 1200], ['1,234.56', 'us', 123456], ['-0.05', 'us', -5],
    ['1.234,56', 'us', null], ['1,234.56', 'eu', null], ['12,345', 'eu', null], ['abc', 'us', null],
  ] as const)('amount %s (%s) → %s', (v, f, c) => expect(parseSettlementAmount(v, f)).toBe(c));

  it.each([
    ['2024-03-01 07:00:00 UTC', 'us', '2024-03-01T07:00:00.000Z'], ['2024-03-01T07:00:00+01:00', 'us', '2024-03-01T06:00:00.000Z'],
    ['01.03.2024 07:00:00 UTC', 'eu', '2024-03-01T07:00:00.000Z'], ['31.04.2024', 'eu', null], ['2024-03-01', 'eu', null],
  ] as const)('date %s (%s) → %s', (v, f, iso) => expect(parseSettlementDate(v, f)?.toISOString() ?? null).toBe(iso));
});

describe('Amazon amount types', () => {
  it.each([
    ['Order', 'ItemPrice', 'Principal', 'sale', null], ['Refund', 'ItemPrice', 'Principal', 'refund', null], ['Order', 'ItemPrice', 'Tax', 'adjustment', null],
    ['Order', 'ItemFees', 'Commission', 'fee', 'referral'], ['Order', 'ItemFees', 'FBAWeightBasedFee', 'fee', 'fulfillment'],
    ['Order', 'ItemFees', 'ShippingHB', 'fee', 'fulfillment'], ['ServiceFee', 'Cost of Advertising', 'TransactionTotalAmount', 'fee', 'advertising'],
    ['other-transaction', 'other-transaction', 'Current Reserve Amount', 'reserve_held', null],
    ['other-transaction', 'other-transaction', 'Previous Reserve Amount Balance', 'reserve_released', null],
    ['other-transaction', 'other-transaction', 'Storage Fee', 'adjustment', null],
  ] as const)('%s / %s / %s → %s %s', (t, a, d, kind, fee) => expect(classifyAmazon(t, a, d)).toEqual({ kind, feeType: fee }));
});

describe('Shopify payout transactions', () => {
  it('groups the transactions by payout; a charge is a sale and its processing fee', async () => {
    const r = await parseShopifyPayouts(fixture('shopify-payouts.csv'));
    expect(r.errors).toEqual([]);
    expect(r.notes).toEqual(['1 transaction(s) not in a payout yet (no Payout ID, or pending) were left out']);
    expect(r.payouts.map((p) => [p.externalId, p.status, p.depositCents, p.currency])).toEqual([
      ['87123456', 'paid', 12418, 'USD'], ['87123499', 'in_transit', 111345, 'USD'],
    ]);
    const [a, b] = r.payouts;
    expect(a.depositDate?.toISOString().slice(0, 10)).toBe('2024-03-04');
    expect(a.periodStart.toISOString()).toBe('2024-03-01T15:22:33.000Z');
    expect(a.lines.map((l) => [l.kind, l.feeType, l.externalOrderId, l.amountCents])).toEqual([
      ['sale', null, '1001', 10000], ['fee', 'payment_processing', '1001', -320],
      ['sale', null, '1002', 5425], ['fee', 'payment_processing', '1002', -187],
      ['refund', null, '1001', -2000], ['adjustment', null, null, -500],
    ]);
    expect(sum(a.lines)).toBe(a.depositCents);
    expect(b.lines.map((l) => [l.kind, l.amountCents])).toEqual([['sale', 125000], ['fee', -3655], ['reserve_held', -10000]]);
  });

  it('refuses a row whose Amount − Fee is not its Net, and a bad date', async () => {
    const lines = fixture('shopify-payouts.csv').split('\n');
    lines[1] = lines[1].replace('96.80', '96.00');
    lines[2] = lines[2].replace('2024-03-01 16:05:00', '2024-13-01 16:05:00');
    const r = await parseShopifyPayouts(lines.join('\n'));
    expect(r.errors).toEqual([
      { row: 2, column: 'Net', reason: 'Amount − Fee is 96.80, not the Net 96.00' },
      { row: 3, column: 'Transaction Date', reason: expect.stringMatching(/^Not a date/) },
    ]);
  });

  it('reads its dates with their zone', () => {
    expect(parseShopifyDate('2024-03-01 10:22:33 -0500')?.toISOString()).toBe('2024-03-01T15:22:33.000Z');
    expect(parseShopifyDate('2024-03-04')?.toISOString()).toBe('2024-03-04T00:00:00.000Z');
    expect(parseShopifyDate('03/04/2024')).toBeNull();
  });
});
