/**
 * CSV plumbing for imports and exports — issue 5 §3. Row numbers in reports are line numbers of the
 * file as a spreadsheet shows them: the header is row 1, the first record row 2 (docs/commerce.md).
 */
import Papa from 'papaparse';

export interface RowError { row: number; column: string; reason: string }

export interface ParsedFile {
  header: string[];
  records: { row: number; get(column: string): string }[];
  errors: RowError[];
}

export interface ParseOptions { delimiter?: string; quoteChar?: string }

export function parseDelimited(text: string, opts: ParseOptions = {}): ParsedFile {
  const body = text.replace(/^\uFEFF/, '');
  // exports of some marketplaces start with blank lines before the header
  const lead = body.match(/^(?:[ \t]*\r?\n)*/)?.[0] ?? '';
  const skipped = (lead.match(/\n/g) ?? []).length;
  const out = Papa.parse<Record<string, string>>(body.slice(lead.length), {
    header: true,
    skipEmptyLines: 'greedy',
    delimiter: opts.delimiter ?? '',
    quoteChar: opts.quoteChar ?? '"',
    transformHeader: (h) => h.trim(),
  });
  const header = (out.meta.fields ?? []).filter((f) => f !== '');
  const errors: RowError[] = out.errors
    .filter((e) => e.code !== 'UndetectableDelimiter')
    .map((e) => ({ row: (e.row ?? 0) + 2 + skipped, column: '', reason: e.message }));
  const lower = new Map(header.map((h) => [h.toLowerCase(), h]));
  const records = out.data.map((rec, i) => ({
    row: i + 2 + skipped,
    get(column: string): string {
      const key = lower.get(column.toLowerCase());
      const v = key === undefined ? undefined : rec[key];
      return typeof v === 'string' ? v.trim() : '';
    },
  }));
  return { header, records, errors };
}

export function missingColumns(header: string[], required: readonly string[]): RowError[] {
  const have = new Set(header.map((h) => h.toLowerCase()));
  return required.filter((c) => !have.has(c.toLowerCase())).map((c) => ({ row: 1, column: c, reason: 'Missing column' }));
}

/** Money as marketplaces write it: "12.99", "$1,299.00", "US $12.99", "EUR 5,00" is not accepted. */
export function parseMoney(v: string): number | null {
  const s = v.replace(/^[A-Z]{0,3}\s?\$?\s?/, '').replace(/,/g, '');
  if (!/^-?\d+(\.\d{1,4})?$/.test(s)) return null;
  return Number(s);
}

export function parseWhole(v: string): number | null {
  return /^\d+$/.test(v) ? Number(v) : null;
}

export function toCsv(fields: readonly string[], rows: unknown[][], withHeader: boolean, delimiter = ','): string {
  if (rows.length === 0 && !withHeader) return '';
  return Papa.unparse({ fields: [...fields], data: rows }, { header: withHeader, delimiter, newline: '\r\n' }) + '\r\n';
}
