/** Import files: cells the database could not store are row errors (server/domain/*csv*.ts, docs/commerce.md). */
import { describe, expect, it } from 'vitest';
import { parseAmazonOrders, parseEbayOrders } from '../../server/domain/marketplace-orders-csv';
import { parseShopifyProducts } from '../../server/domain/shopify-products-csv';

// each row ships to an address (docs/commerce.md "Ship-to address"), so the cell under test decides
const ADDRESS = { 'recipient-name': 'Ada Lovelace', 'ship-address-1': '12 Analytical Row', 'ship-city': 'Austin', 'ship-state': 'TX', 'ship-postal-code': '78701', 'ship-country': 'US' };
const AMAZON = ['amazon-order-id', 'purchase-date', 'sku', 'quantity', 'currency', 'item-price', ...Object.keys(ADDRESS)].join('\t');
const amazon = (...rows: string[][]) => [AMAZON, ...rows.map((r) => [...r, ...Object.values(ADDRESS)].join('\t'))].join('\n');
const EBAY_ADDRESS = 'Ship To Name,Ship To Address 1,Ship To City,Ship To State,Ship To Zip,Ship To Country';
const EBAY_AT = 'Ada Lovelace,12 Analytical Row,Austin,TX,78701,United States';
const SHOPIFY = 'Handle,Title,Variant SKU,Variant Price,Variant Inventory Qty,Variant Grams';

describe('import cells', () => {
  it('an impossible date is a row error, not moved to March', async () => {
    const a = await parseAmazonOrders(amazon(['A-1', '2024-02-31', 'S', '1', 'USD', '1.00'], ['A-2', '0000-01-01', 'S', '1', 'USD', '1.00']));
    expect(a.errors.map((e) => [e.row, e.column])).toEqual([[2, 'purchase-date'], [3, 'purchase-date']]);
    const e = await parseEbayOrders([`Order Number,Custom Label,Quantity,Sold For,Sale Date,${EBAY_ADDRESS}`, `1,S,1,1.00,Feb-31-24,${EBAY_AT}`, `2,S,1,1.00,Feb-29-24,${EBAY_AT}`].join('\n'));
    expect(e.errors).toEqual([{ row: 2, column: 'Sale Date', reason: expect.any(String) }]);
  });

  it('NUL characters and values beyond the columns are row errors naming the column', async () => {
    const a = await parseAmazonOrders(amazon(['A-\u00001', '2024-03-01', 'S', '1', 'USD', '1.00'], ['A-2', '2024-03-01', 'S', '99999999', 'USD', '1.00'], ['A-3', '2024-03-01', 'S', '1', 'USD', '20000000000']));
    expect(a.errors.map((e) => [e.row, e.column])).toEqual([[2, 'amazon-order-id'], [3, 'quantity'], [4, 'item-price']]);
    const s = await parseShopifyProducts([SHOPIFY, 'h,T,SKU-1,1.00,2147483648,1', 'g,T,SKU-2,1.00,1,1e12', `k,T,${'S'.repeat(101)},1.00,1,1`].join('\n'));
    expect(s.errors.map((e) => [e.row, e.column])).toEqual([[2, 'Variant Inventory Qty'], [3, 'Variant Grams'], [4, 'Variant SKU']]);
  });

  it('an unpaired surrogate in a cell (a file given as a JSON string) is a row error naming the column', async () => {
    const a = await parseAmazonOrders(amazon(['A-1', '2024-03-01', 'S\ud800', '1', 'USD', '1.00'], ['A-2', '2024-03-01', 'S', '1', 'USD', '1.00'], ['\udc00', '2024-03-01', 'S', '1', 'USD', '1.00']));
    expect(a.errors.map((e) => [e.row, e.column])).toEqual([[2, 'sku'], [4, 'amazon-order-id']]);
    expect(a.errors[0].reason).toMatch(/unpaired surrogate/);
    // a pair split nowhere: an emoji is a character like any other
    const ok = await parseShopifyProducts([SHOPIFY, 'h,T \ud83d\ude00,SKU-1,1.00,1,1'].join('\n'));
    expect(ok.errors).toEqual([]);
  });

  it("an order's lines adding up past what an amount holds is an error on its first row", async () => {
    const rows = Array.from({ length: 3 }, () => ['A-9', '2024-03-01', 'S', '1', 'USD', '900000000']);
    const a = await parseAmazonOrders(amazon(...rows));
    expect(a.errors).toEqual([{ row: 2, column: 'item-price', reason: expect.stringContaining('total') }]);
  });
});
