/**
 * API errors and their user-facing categories — docs/product/data.md (API error) and docs/product/errors.md (error catalogue).
 * The category decides the text shown to the user and whether the client retries.
 */
import { MESSAGES } from '../../contract/constants';

/** `{status, message, code, details}` of a failed call; `statusCode` mirrors `status` for Refine's HttpError. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  /**
   * Field path → message of a 400/409 about fields (`{ "variants.0.sku": "..." }`): Refine's HttpError
   * `errors`, which `useForm` of @refinedev/antd puts under the form's fields (docs/api-client.md).
   */
  readonly errors?: Record<string, string>;

  constructor(status: number, message: string, code = 'http_error', details?: unknown, errors?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    if (errors && Object.keys(errors).length > 0) this.errors = errors;
  }

  /** Refine reads `statusCode` (notifications, authProvider.onError). */
  get statusCode(): number {
    return this.status;
  }
}

/** Retryable means status 500 or above, or 429 (docs/product/errors.md). */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 429;
}

/** Builds the error of a non-ok answer: message from the body's `message`, else the status text. */
export function apiErrorFrom(status: number, statusText: string, body: unknown): ApiError {
  const b = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message = typeof b.message === 'string' && b.message !== '' ? b.message : statusText || MESSAGES.requestFailed;
  const code = typeof b.code === 'string' ? b.code : 'http_error';
  return new ApiError(status, message, code, b.details, fieldErrorsOf(b));
}

/** The answer's `errors` map, or one built from `details` (`[{ field, message }]`) when it has none. */
export function fieldErrorsOf(body: Record<string, unknown>): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  if (typeof body.errors === 'object' && body.errors !== null && !Array.isArray(body.errors)) {
    for (const [k, v] of Object.entries(body.errors as Record<string, unknown>)) if (typeof v === 'string') out[k] = v;
  } else if (Array.isArray(body.details)) {
    for (const d of body.details as { field?: unknown; message?: unknown }[]) {
      if (typeof d?.field === 'string' && typeof d.message === 'string') out[d.field] ??= d.message;
    }
  }
  return Object.keys(out).length ? out : undefined;
}

/** `auth` is a 401 (the session is gone); `forbidden` a 403 (signed in, but the role may not). */
export type ErrorCategory = 'auth' | 'forbidden' | 'retryable' | 'client' | 'network' | 'unknown';

export function categorize(err: unknown): ErrorCategory {
  if (err instanceof ApiError) {
    if (err.status === 401) return 'auth';
    if (err.status === 403) return 'forbidden';
    if (isRetryableStatus(err.status)) return 'retryable';
    if (err.status >= 400) return 'client';
    return 'unknown';
  }
  if (err instanceof Error && /fetch|network/i.test(err.message)) return 'network';
  return 'unknown';
}

/** The text the user sees for an error (docs/product/errors.md); client errors show the API's own message. */
export function userMessage(err: unknown): string {
  switch (categorize(err)) {
    case 'auth':
      return MESSAGES.auth;
    case 'forbidden':
      return MESSAGES.forbidden;
    case 'retryable':
      return MESSAGES.retryable;
    case 'network':
      return MESSAGES.network;
    case 'client':
      return (err as ApiError).message || MESSAGES.requestFailed;
    default:
      return MESSAGES.unknown;
  }
}
