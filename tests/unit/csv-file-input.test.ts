/**
 * The CSV reader reads a stored file as a stream (server/domain/csv-input.ts, csv.ts): the same
 * records, row numbers and row errors as the file's text, across chunk boundaries that split a
 * quoted line break or a multi-byte character, with a byte order mark and blank lines before the header.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHUNK } from '../../server/domain/csv-input';
import { openDelimited, type CsvInput, type RowError } from '../../server/domain/csv';
import { parseEbayOrders } from '../../server/domain/marketplace-orders-csv';

const dir = mkdtempSync(join(tmpdir(), 'csv-file-input-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function stored(text: string): CsvInput {
  const path = join(dir, `f${Math.random().toString(36).slice(2)}.csv`);
  writeFileSync(path, text);
  return { path, bytes: Buffer.byteLength(text) };
}

async function records(input: CsvInput) {
  const file = await openDelimited(input);
  const errors: RowError[] = [];
  const rows: string[][] = [];
  const n = await file.each(errors, (r) => rows.push([String(r.row), ...file.header.map((h) => r.get(h))]));
  return { header: file.header, errors, rows, n };
}

describe('a stored file reads as its text', () => {
  it('across chunk boundaries, with a BOM and blank lines before the header', async () => {
    const lines = ['\uFEFF', ' \t', '', 'Name,Note,Qty'];
    // rows of varying length put quoted line breaks and "é😀" on both sides of the 64 KiB boundaries
    for (let i = 0, length = 0; length < 3 * CHUNK; i++) {
      lines.push(i % 7 === 3 ? `n${i},"two\nlines é😀 ${'x'.repeat(i % 50)}",${i}` : `n${i},${'é😀'.repeat(i % 40)},${i}`);
      length += lines[lines.length - 1].length + 1;
    }
    lines.push('bad,"unterminated');
    const text = lines.join('\n');
    const fromText = await records(text);
    const fromFile = await records(stored(text));
    expect(fromFile).toEqual(fromText);
    expect(fromText.header).toEqual(['Name', 'Note', 'Qty']);
    // header on line 4 (BOM line, blank, blank before it): the first record is spreadsheet row 5
    expect(fromText.rows[0]).toEqual(['5', 'n0', '', '0']);
    expect(fromText.errors.length).toBeGreaterThan(0);
  });

  it('reports progress up to the whole file, and an eBay report parses the same from disk', async () => {
    const ebay = ['', 'Sales Record Number,Order Number,Custom Label,Quantity,Sold For,Sale Date,Ship To Name,Ship To Address 1,Ship To City,Ship To State,Ship To Zip,Ship To Country'];
    for (let i = 0; i < 3000; i++) ebay.push(`${i},27-${i},SKU-${i % 13},1,$${(i % 90) + 1}.50,Mar-15-24,Buyer ${i},${i + 1} Main Street,Austin,TX,78701,United States`);
    ebay.push('3000 record(s) downloaded,,,,,,,,,,,');
    const text = ebay.join('\n');
    const fractions: number[] = [];
    const fromFile = await parseEbayOrders(stored(text), (p) => fractions.push(p.fraction));
    expect(fromFile).toEqual(await parseEbayOrders(text));
    expect(fromFile.rowsTotal).toBe(3000);
    expect(fractions[fractions.length - 1]).toBe(1);
    for (let i = 1; i < fractions.length; i++) expect(fractions[i]).toBeGreaterThanOrEqual(fractions[i - 1]);
  });
});
