/** API errors: `{ message, code, details }` with the right status (DESIGN §4). */
import type { ZodError } from 'zod';

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

export interface FieldError { field: string; message: string; code: string }

export function validationError(where: 'body' | 'query' | 'params', err: ZodError): HttpError {
  const details: FieldError[] = err.issues.map((i) => ({
    field: i.path.length ? i.path.join('.') : where,
    message: i.message,
    code: i.code,
  }));
  return new HttpError(400, 'validation_failed', `Invalid request ${where}: ${details.map((d) => `${d.field}: ${d.message}`).join('; ')}`, details);
}
