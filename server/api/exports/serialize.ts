/**
 * An export's rows as file text (docs/governance.md "Exports"): JSON Lines (one JSON object a line)
 * or CSV through papaparse (server/domain/csv.ts `toCsv`: formulas neutralised, CRLF lines), where
 * a cell holding an object or array is its JSON text and null is empty.
 */
import { toCsv } from '../../domain/csv';
import type { ExportFormat } from '../../../contract/exports';

const cell = (v: unknown): unknown => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : v);

/** The rows of one page; `header` on the first page of a CSV file. */
export function serializeRows(format: ExportFormat, columns: readonly string[], rows: readonly Record<string, unknown>[], header: boolean): string {
  if (format === 'jsonl') return rows.map((r) => `${JSON.stringify(r)}\n`).join('');
  return toCsv(columns, rows.map((r) => columns.map((c) => cell(r[c]))), header);
}

export const EXTENSION: Record<ExportFormat, string> = { jsonl: 'jsonl', csv: 'csv' };
export const CONTENT_TYPE: Record<ExportFormat, string> = { jsonl: 'application/x-ndjson; charset=utf-8', csv: 'text/csv; charset=utf-8' };
