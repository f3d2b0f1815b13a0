/**
 * CSV plumbing for imports and exports — issue 5 §3. Row numbers in reports are line numbers of the
 * file as a spreadsheet shows them: the header is row 1, the first record row 2 (docs/commerce.md).
 * Files are read as a stream of records (papaparse `step`, paused every READ_BATCH rows), so a large
 * import validates without holding every parsed row and without blocking the process.
 */
import Papa from 'papaparse';

export interface RowError { row: number; column: string; reason: string }

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
            try {
              onRecord({
                row,
                get(column: string): string {
                  const key = lower.get(column.toLowerCase());
                  const v = key === undefined ? undefined : rec[key];
                  return typeof v === 'string' ? v.trim() : '';
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

export function toCsv(fields: readonly string[], rows: unknown[][], withHeader: boolean, delimiter = ','): string {
  if (rows.length === 0 && !withHeader) return '';
  return Papa.unparse({ fields: [...fields], data: rows }, { header: withHeader, delimiter, newline: '\r\n' }) + '\r\n';
}
