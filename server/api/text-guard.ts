/**
 * Text PostgreSQL cannot store is a 400 naming the field, for every route (the API's and
 * /auth/v1's), in the path parameters, the query string and a JSON body, values and object keys at
 * any depth (docs/api-conventions.md "Bad input never answers 500"):
 *  - NUL characters (U+0000): text and jsonb cannot hold them, so they would fail deep inside a
 *    statement;
 *  - unpaired UTF-16 surrogates (`"a\ud800b"` in JSON): not characters at all. A text column would
 *    silently get U+FFFD instead, and jsonb (audit rows, events) refuses the escape, a 500.
 * The schemas' text fields refuse both too (contract/fields.ts `text()`, which the forms share); this
 * hook also covers object keys, fields that are not `text()` and routes without a schema. A body
 * nested deeper than MAX_DEPTH is refused rather than walked (no route takes one). Raw file bodies
 * (CSV/TSV imports, also a JSON string body) are checked cell by cell by their importer, which
 * reports row and column instead (server/domain/csv.ts).
 */
import type { FastifyRequest } from 'fastify';
import { badTextReason } from '../../contract/fields';
import type { FieldError } from '../../contract/api';
import { HttpError } from './errors';

/** Levels of arrays and objects a body may have (a guard against walking 10,000-level bodies). */
export const MAX_DEPTH = 64;
export const DEPTH_MESSAGE = `must not be nested more than ${MAX_DEPTH} levels deep`;

type Path = (string | number)[];

export interface BadText {
  /** Where: array indexes and object keys from the top (a bad key is shown escaped). */
  path: Path;
  message: string;
  code: 'invalid_string' | 'too_big';
}

/** A key as an error may show it: escaped (NUL, surrogates) and cut short. */
const shownKey = (k: string) => {
  const escaped = JSON.stringify(k).slice(1, -1);
  return escaped.length > 100 ? `${escaped.slice(0, 100)}…` : escaped;
};

function walk(value: unknown, path: Path, depth: number): BadText | null {
  if (typeof value === 'string') {
    const message = badTextReason(value);
    return message ? { path: [...path], message, code: 'invalid_string' } : null;
  }
  // a Buffer body (image uploads) is bytes, not text
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return null;
  if (depth >= MAX_DEPTH) return { path: [...path], message: DEPTH_MESSAGE, code: 'too_big' };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      const bad = walk(value[i], path, depth + 1);
      path.pop();
      if (bad) return bad;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    const keyReason = badTextReason(k);
    if (keyReason) return { path: [...path, shownKey(k)], message: keyReason, code: 'invalid_string' };
    path.push(k);
    const bad = walk(v, path, depth + 1);
    path.pop();
    if (bad) return bad;
  }
  return null;
}

/** The first string or key holding a NUL or an unpaired surrogate (or a level past MAX_DEPTH), or null. */
export function findBadText(value: unknown): BadText | null {
  return walk(value, [], 0);
}

function check(where: 'body' | 'query' | 'params', value: unknown): void {
  const bad = findBadText(value);
  if (!bad) return;
  const field = bad.path.length ? bad.path.join('.') : where;
  const details: FieldError[] = [{ field, message: bad.message, code: bad.code }];
  throw new HttpError(400, 'validation_failed', `Invalid request ${where}: ${field}: ${bad.message}`, details);
}

/** preValidation hook: runs after body parsing, before every handler (and before authentication). */
export async function rejectBadText(req: FastifyRequest): Promise<void> {
  check('params', req.params);
  check('query', req.query);
  // a string body is a raw file (CSV/TSV import): its importer reports bad cells by row and column
  if (typeof req.body === 'object') check('body', req.body);
}
