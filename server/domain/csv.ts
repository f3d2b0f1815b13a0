/**
 * CSV plumbing for imports and exports — docs/commerce.md Row numbers in reports are line numbers of the
 * file as a spreadsheet shows them: the header is row 1, the first record row 2 (docs/commerce.md).
 * Files are read as a stream of records: text chunks from disk or from a string (csv-input.ts) go
 * through papaparse's stream reader with `step`, paused every READ_BATCH rows, so a large import
 * validates without holding the file or every parsed row, and without blocking the process.
 */
import Papa from 'papaparse';
import type { Readable } from 'node:stream';

import type { RowError } from '../../contract/imports';
import { hasLoneSurrogate, hasNul } from '../../contract/fields';
import { openInput, sizeOf, type CsvInput } from './csv-input';

export type { RowError };
export type { CsvFile, CsvInput } from './csv-input';

export interface CsvRecord { row: number; get(column: string): string }

export interface ParseOptions { delimiter?: string; quoteChar?: string }

/** Rows read so far and how far into the file (0–1): the streaming reader reports both. */
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

// every unpaired surrogate of a cell (after the report, the cell goes on as U+FFFD would store it)
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The longest cell any column takes (a product description). */
export const MAX_CELL = 20_000;

/** Rows between two yields of the streaming reader. */
export const READ_BATCH = 1000;

/** What the header read looks at first: papaparse's own window for guessing line breaks. */
const HEAD = 1024 * 1024;

type Config = Papa.ParseConfig<Record<string, string>> & { delimiter: string; quoteChar: string };

/** The header, and the delimiter and line break papaparse guessed from the start of the file. */
function readHeader(input: CsvInput, config: Config): Promise<{ fields: string[]; delimiter: string; linebreak: string }> {
  return new Promise((resolve, reject) => {
    const stream = openInput(input, { lines: 0 }, HEAD);
    Papa.parse<Record<string, string>, Readable>(stream, {
      ...config,
      preview: 1,
      complete: (r) => {
        stream.destroy();
        resolve({ fields: r.meta.fields ?? [], delimiter: r.meta.delimiter, linebreak: r.meta.linebreak });
      },
      error: (e) => {
        stream.destroy();
        reject(e);
      },
    });
  });
}

export async function openDelimited(input: CsvInput, opts: ParseOptions = {}): Promise<DelimitedFile> {
  const config: Config = {
    header: true,
    skipEmptyLines: 'greedy' as const,
    delimiter: opts.delimiter ?? '',
    quoteChar: opts.quoteChar ?? '"',
    transformHeader: (h: string) => h.trim(),
  };
  const head = await readHeader(input, config);
  const header = head.fields.filter((f) => f !== '');
  const lower = new Map(header.map((h) => [h.toLowerCase(), h]));
  // the records are read in small chunks: the guesses made on the first MiB hold for all of them
  const records: Config = { ...config, delimiter: config.delimiter || head.delimiter, newline: head.linebreak as Papa.ParseConfig['newline'] };
  const size = sizeOf(input);
  return {
    header,
    each(errors, onRecord, onProgress) {
      let index = 0;
      let read = 0;
      let paused = false;
      const lead = { lines: 0 };
      const stream = openInput(input, lead);
      stream.on('data', (chunk: string) => {
        read += Buffer.byteLength(chunk);
      });
      const fraction = () => (size ? Math.min(1, read / size) : 1);
      return new Promise<number>((resolve, reject) => {
        Papa.parse<Record<string, string>, Readable>(stream, {
          ...records,
          step: (result, parser) => {
            const row = index + 2 + lead.lines;
            index++;
            for (const e of result.errors) {
              if (e.code !== 'UndetectableDelimiter') errors.push({ row, column: '', reason: e.message });
            }
            const rec = result.data;
            // a cell PostgreSQL cannot store (NUL, unpaired surrogate) or far too long for any column is
            // a row error of its column, reported once however often the parser reads it
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
                  // a file read as UTF-8 has none, but a JSON string body (the file's text) may
                  if (hasLoneSurrogate(v)) {
                    report(key ?? column, 'Contains an unpaired surrogate (invalid Unicode), which cannot be stored');
                    v = v.replace(LONE_SURROGATES, '\ufffd');
                  }
                  if (v.length > MAX_CELL) {
                    report(key ?? column, `Longer than ${MAX_CELL} characters`);
                    v = v.slice(0, MAX_CELL);
                  }
                  return v;
                },
              });
            } catch (e) {
              reject(e as Error);
              parser.abort();
              stream.destroy();
              return;
            }
            if (index % READ_BATCH === 0) {
              // the parser and the file both wait: timers, polls and other requests run between
              // batches, and no more of the file is read than the parser has taken
              paused = true;
              parser.pause();
              stream.pause();
              onProgress?.({ rows: index, fraction: fraction() });
              setImmediate(() => {
                paused = false;
                parser.resume();
                // paused again within the chunk: that pause resumes the file
                if (!paused) stream.resume();
              });
            }
          },
          complete: () => {
            onProgress?.({ rows: index, fraction: 1 });
            resolve(index);
          },
          error: (e) => {
            stream.destroy();
            reject(e);
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
