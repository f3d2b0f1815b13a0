/**
 * CSV plumbing for imports and exports — docs/commerce.md Row numbers in reports are line numbers of the
 * file as a spreadsheet shows them: the header is row 1, the first record row 2 (docs/commerce.md).
 * Files are read as a stream of records (papaparse `step`, paused every READ_BATCH rows), so a large
 * import validates without holding every parsed row and without blocking the process.
 */
import Papa from 'papaparse';

import type { RowError } from '../../contract/imports';
import { hasNul } from '../../contract/fields';

export type { RowError };

export interface CsvRecord { row: number; get(column: string): string }

export interface ParseOptions { delimiter?: string; quoteChar?: string }

/** Rows read so far and how far into the text (0–1): the streaming reader reports both. */
export interface ReadProgress { rows: number; fraction: number }

export interface DelimitedFile {
  header: string[];
  /**
   * Streams the records to `onRecord`, appending papaparse's own row errors to `errors` before the
   * record they belong to. Every `every` rows it yields to the event loop (the server keeps answering,
   * a poll sees progress) and reports progress.
   */
  each(errors: RowError[], onRecord: (rec: CsvRecord) => void, onProgress?: (p: ReadProgress) => void): Promise<number>;
}

/** The longest cell any column takes (a product description). */
export const MAX_CELL = 20_000;

/** Rows between two yields of the streaming reader. */
export const READ_BATCH = 1000;

export function openDelimited(text: string, opts: ParseOptions = {}): DelimitedFile {
  const body = text.replace(/^\uFEFF/, '');
  // exports of some marketplaces start with blank lines before the header
  const lead = body.match(/^(?:[ \t]*\r?\n)*/)?.[0] ?? '';
  const skipped = (lead.match(/\n/g) ?? []).length;
  const rest = body.slice(lead.length);
  const config = {
    header: true,
    skipEmptyLines: 'greedy' as const,
    delimiter: opts.delimiter ?? '',
    quoteChar: opts.quoteChar ?? '"',
    transformHeader: (h: string) => h.trim(),
  };
  const header = (Papa.parse<Record<string, string>>(rest, { ...config, preview: 1 }).meta.fields ?? []).filter((f) => f !== '');
  const lower = new Map(header.map((h) => [h.toLowerCase(), h]));
  return {
    header,
    each(errors, onRecord, onProgress) {
      let index = 0;
      return new Promise<number>((resolve, reject) => {
        Papa.parse<Record<string, string>>(rest, {
          ...config,
          step: (result, parser) => {
            const row = index + 2 + skipped;
            index++;
            for (const e of result.errors) {
              if (e.code !== 'UndetectableDelimiter') errors.push({ row, column: '', reason: e.message });
            }
            const rec = result.data;
            // a cell PostgreSQL cannot store (NUL) or far too long for any column is a row error of
            // its column, reported once however often the parser reads it
            const reported = new Set<string>();
            const report = (column: string, reason: string) => {
              if (reported.has(column)) return;
              reported.add(column);
              errors.push({ row, column, reason });
            };
            try {
              onRecord({
                row,
                get(column: string): string {
                  const key = lower.get(column.toLowerCase());
                  const raw = key === undefined ? undefined : rec[key];
                  let v = typeof raw === 'string' ? raw.trim() : '';
                  if (hasNul(v)) {
                    report(key ?? column, 'Contains a NUL character, which cannot be stored');
                    v = v.replaceAll('\u0000', '');
                  }
                  if (v.length > MAX_CELL) {
                    report(key ?? column, `Longer than ${MAX_CELL} characters`);
                    v = v.slice(0, MAX_CELL);
                  }
                  return v;
                },
              });
            } catch (e) {
              parser.abort();
              reject(e as Error);
              return;
            }
            if (index % READ_BATCH === 0) {
              // papaparse can pause a string parse from its step callback; resuming on the next turn
              // lets timers, polls and other requests run between batches
              parser.pause();
              onProgress?.({ rows: index, fraction: rest.length ? result.meta.cursor / rest.length : 1 });
              setImmediate(() => parser.resume());
            }
          },
          complete: () => {
            onProgress?.({ rows: index, fraction: 1 });
            resolve(index);
          },
        });
      });
    },
  };
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

/** A cell's number above what its column holds: the row error to report, or null when it fits. */
export function tooLarge(v: number | null, max: number): string | null {
  return v !== null && v > max ? `Must be at most ${max.toLocaleString('en-US')}` : null;
}

/** A text cell longer than its column allows: the row error to report, or null. */
export function tooLong(v: string, max: number): string | null {
  return v.length > max ? `Longer than ${max} characters` : null;
}

/**
 * CSV injection (docs/commerce.md "Imports and exports"): a text cell starting with = + - @, tab or CR is
 * prefixed with a single quote so a spreadsheet shows it as text instead of running it. A plain
 * signed number ("-12.50", the money columns) is not a formula and stays as it is; numbers and
 * booleans are never touched. papaparse's own default pattern stops at a line break, hence ours.
 */
export const CSV_FORMULA = /^(?![-+]?\d+(?:\.\d+)?$)[=+\-@\t\r]/;

export function toCsv(fields: readonly string[], rows: unknown[][], withHeader: boolean, delimiter = ','): string {
  if (rows.length === 0 && !withHeader) return '';
  return Papa.unparse({ fields: [...fields], data: rows }, { header: withHeader, delimiter, newline: '\r\n', escapeFormulae: CSV_FORMULA }) + '\r\n';
}
