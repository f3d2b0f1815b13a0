/**
 * NUL characters (U+0000) anywhere in a JSON body, the query string or the path parameters are a
 * 400 naming the field, for every route (the API's and /auth/v1's): PostgreSQL text and jsonb
 * cannot hold them, so they would otherwise fail deep inside a statement
 * (docs/api-conventions.md "Bad input"). The schemas' text fields refuse them too (contract/fields.ts);
 * this hook also covers object keys and routes without a schema. Raw file bodies (CSV imports) are
 * checked cell by cell by their importer, which reports row and column instead.
 */
import type { FastifyRequest } from 'fastify';
import { NUL_MESSAGE, hasNul } from '../../contract/fields';
import type { FieldError } from '../../contract/api';
import { HttpError } from './errors';

const MAX_DEPTH = 64;

/** The path of the first string or key holding a NUL, or null. */
export function findNul(value: unknown, path: (string | number)[] = [], depth = 0): (string | number)[] | null {
  if (typeof value === 'string') return hasNul(value) ? path : null;
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = findNul(value[i], [...path, i], depth + 1);
      if (p) return p;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    if (hasNul(k)) return [...path, k.replaceAll('\u0000', '\\u0000')];
    const p = findNul(v, [...path, k], depth + 1);
    if (p) return p;
  }
  return null;
}

function check(where: 'body' | 'query' | 'params', value: unknown): void {
  const path = findNul(value);
  if (!path) return;
  const field = path.length ? path.join('.') : where;
  const details: FieldError[] = [{ field, message: NUL_MESSAGE, code: 'invalid_string' }];
  throw new HttpError(400, 'validation_failed', `Invalid request ${where}: ${field}: ${NUL_MESSAGE}`, details);
}

/** preValidation hook: runs after body parsing, before every handler. */
export async function rejectNul(req: FastifyRequest): Promise<void> {
  check('params', req.params);
  check('query', req.query);
  // a string body is a raw file (CSV/TSV import): its importer reports NULs by row and column
  if (typeof req.body === 'object') check('body', req.body);
}
