/** API errors: `{ message, code, details }` with the right status (docs/api-conventions.md "Errors"). */
import type { ZodError } from 'zod';
import type { ApiErrorBody, FieldError } from '../../contract/api';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: unknown) => new HttpError(400, 'bad_request', message, details);
export const forbidden = (message = 'You do not have permission to perform this action') => new HttpError(403, 'forbidden', message);
export const notFound = (what = 'Resource') => new HttpError(404, 'not_found', `${what} not found`);
export const conflict = (message: string, details?: unknown) => new HttpError(409, 'conflict', message, details);
export const unauthorized = (message = 'Authentication required', code = 'unauthorized') => new HttpError(401, code, message);

/** Seconds a client waits before trying again after `database_unavailable`. */
export const DATABASE_RETRY_AFTER_S = 2;
/**
 * The database connection was lost or refused (docs/reliability.md): 503 with Retry-After. Nothing
 * was written, except when the connection went during COMMIT; a retry with the same
 * Idempotency-Key is safe either way.
 */
export const databaseUnavailable = () =>
  new HttpError(503, 'database_unavailable', 'The database is unavailable; retry shortly', null, { 'retry-after': String(DATABASE_RETRY_AFTER_S) });

export type { FieldError };

function isFieldErrors(v: unknown): v is FieldError[] {
  return Array.isArray(v) && v.length > 0 && v.every((d) => typeof d === 'object' && d !== null && typeof (d as FieldError).field === 'string' && typeof (d as FieldError).message === 'string');
}

/**
 * The body of an error answer: `{ message, code, details }`, and for an answer about fields also
 * `errors` (field path → first message) with `statusCode` — the shape Refine's forms read to put the
 * message under the field (docs/api-conventions.md "Errors").
 */
export function errorBody(err: HttpError): ApiErrorBody {
  const body: ApiErrorBody = { message: err.message, code: err.code, details: err.details ?? null };
  if (isFieldErrors(err.details)) {
    const errors: Record<string, string> = {};
    for (const d of err.details) errors[d.field] ??= d.message;
    body.errors = errors;
    body.statusCode = err.status;
  }
  return body;
}

export function validationError(where: 'body' | 'query' | 'params', err: ZodError): HttpError {
  const details: FieldError[] = err.issues.map((i) => ({
    field: i.path.length ? i.path.join('.') : where,
    message: i.message,
    code: i.code,
  }));
  return new HttpError(400, 'validation_failed', `Invalid request ${where}: ${details.map((d) => `${d.field}: ${d.message}`).join('; ')}`, details);
}
