/**
 * API errors and their user-facing categories — spec §3 (API error) and §8 (error catalogue).
 * The category decides the text shown to the user and whether the client retries.
 */
import { MESSAGES } from '../../contract/constants';

/** `{status, message, code, details}` of a failed call; `statusCode` mirrors `status` for Refine's HttpError. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(status: number, message: string, code = 'http_error', details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** Refine reads `statusCode` (notifications, authProvider.onError). */
  get statusCode(): number {
    return this.status;
  }
}

/** Retryable means status 500 or above, or 429 (spec §8). */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 429;
}

/** Builds the error of a non-ok answer: message from the body's `message`, else the status text. */
export function apiErrorFrom(status: number, statusText: string, body: unknown): ApiError {
  const b = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message = typeof b.message === 'string' && b.message !== '' ? b.message : statusText || MESSAGES.requestFailed;
  const code = typeof b.code === 'string' ? b.code : 'http_error';
  return new ApiError(status, message, code, b.details);
}

export type ErrorCategory = 'auth' | 'retryable' | 'client' | 'network' | 'unknown';

export function categorize(err: unknown): ErrorCategory {
  if (err instanceof ApiError) {
    if (err.status === 401 || err.status === 403) return 'auth';
    if (isRetryableStatus(err.status)) return 'retryable';
    if (err.status >= 400) return 'client';
    return 'unknown';
  }
  if (err instanceof Error && /fetch|network/i.test(err.message)) return 'network';
  return 'unknown';
}

/** The text the user sees for an error (spec §8); client errors show the API's own message. */
export function userMessage(err: unknown): string {
  switch (categorize(err)) {
    case 'auth':
      return MESSAGES.auth;
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
