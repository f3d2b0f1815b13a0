/**
 * Keyset cursors (docs/api-conventions.md "Lists"): base64url of `[tag, ...last row's sort values]`.
 * The tag names the list and sort the cursor came from, so a cursor handed to another list or sort
 * — or a malformed or edited one — is a 400 `invalid_cursor`, never a database error. Each value is
 * checked against its column's type before it becomes a statement parameter.
 */
import { CURSOR_MAX, YEAR_MAX, YEAR_MIN, hasNul } from '../../../contract/fields';
import { HttpError } from '../errors';

export interface CursorSort {
  /** SQL expressions, most significant first; the last one is unique (the id). */
  columns: string[];
  /** PostgreSQL types of the columns. */
  types: string[];
}

/** FNV-1a of the list's table and sort columns: short, stable across restarts and replicas. */
function tagOf(from: string, sort: CursorSort): string {
  let h = 0x811c9dc5;
  for (const ch of `${from}|${sort.columns.join(',')}`) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}

const invalid = (message: string) => new HttpError(400, 'invalid_cursor', `Invalid cursor: ${message}`, [{ field: 'cursor', message, code: 'invalid_cursor' }]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^(\d{4})-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;

/** Whether a value read back from a cursor fits the column type it will be cast to. */
function fits(v: unknown, type: string): boolean {
  switch (type) {
    case 'uuid':
      return typeof v === 'string' && UUID.test(v);
    case 'timestamptz':
    case 'timestamp': {
      const m = typeof v === 'string' ? TIMESTAMP.exec(v) : null;
      return m !== null && Number(m[1]) >= YEAR_MIN - 1 && Number(m[1]) <= YEAR_MAX && !Number.isNaN(Date.parse(v as string));
    }
    case 'int2':
    case 'int4':
    case 'int':
    case 'int8':
    case 'bigint':
      return typeof v === 'number' && Number.isSafeInteger(v);
    case 'numeric':
      return typeof v === 'number' && Number.isFinite(v);
    case 'text':
      return typeof v === 'string' && v.length <= CURSOR_MAX && !hasNul(v);
    default:
      return false;
  }
}

export function encodeCursor(from: string, sort: CursorSort, values: unknown[]): string {
  return Buffer.from(JSON.stringify([tagOf(from, sort), ...values])).toString('base64url');
}

/** The sort values of a cursor made by `encodeCursor` for this list and sort; a 400 otherwise. */
export function decodeCursor(from: string, sort: CursorSort, cursor: string): unknown[] {
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid('not a cursor from this list');
  }
  if (!Array.isArray(v) || v[0] !== tagOf(from, sort)) throw invalid('not a cursor from this list and sort');
  const values = v.slice(1);
  if (values.length !== sort.columns.length || values.some((x, i) => !fits(x, sort.types[i]))) {
    throw invalid('cursor does not match the sort');
  }
  return values;
}
