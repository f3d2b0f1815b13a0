/**
 * The shape every import shares — docs/commerce.md: read and validate the whole file (streaming), check it
 * against the tenant's data, and only then write, all in one transaction. The synchronous route and
 * the job worker (import-worker.ts) run the same three steps, so both report and write identically.
 */
import type { Permission } from '../../../contract/permissions';
import type { Tx } from '../../db';
import type { Emit } from '../../events/outbox';
import type { CsvInput, ReadProgress, RowError } from '../../domain/csv';
import type { AuthInfo } from '../context';
import { HttpError } from '../errors';
import type { AuditInput } from '../kit';

import type { ImportKind, ImportQuery, ImportSummary } from '../../../contract/imports';

export { IMPORT_KINDS, type ImportKind, type ImportSummary } from '../../../contract/imports';

/** What a write needs: the transaction, the importing user, and audit/outbox in that transaction. */
export interface WriteCtx {
  tx: Tx;
  auth: AuthInfo;
  audit(entry: AuditInput): Promise<void>;
  /** The job's outbox (typed by the event catalogue). */
  emit: Emit;
}

export interface ImportPlan {
  /** Row errors only the tenant's data reveals (a SKU owned by another product …). */
  errors: RowError[];
  summary: ImportSummary;
  /** Writes everything (events and the audit entry included); `onRows` gets the rows written so far. */
  write(w: WriteCtx, onRows: (rows: number) => void): Promise<void>;
}

export interface ReadFile {
  errors: RowError[];
  rowsTotal: number;
  plan(tx: Tx, tenantId: string): Promise<ImportPlan>;
}

export interface Importer {
  kind: ImportKind;
  access: Permission;
  /** The importer for this request's query, when the query matters to it (a payout upload's account). */
  withQuery?(query: ImportQuery): Importer;
  /** The stored upload (a file on disk) or the text itself. */
  read(input: CsvInput, onProgress?: (p: ReadProgress) => void): Promise<ReadFile>;
}

export function importInvalid(errors: RowError[], rowsTotal: number): HttpError {
  return new HttpError(400, 'import_invalid', `The file has ${errors.length} problem(s); nothing was imported`, { errors, rows_total: rowsTotal });
}

/** File errors and data errors in one report, by row (a stable sort keeps each row's own order). */
export function allErrors(file: ReadFile, plan: ImportPlan): RowError[] {
  return [...file.errors, ...plan.errors].sort((a, b) => a.row - b.row);
}
