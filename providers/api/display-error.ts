/**
 * The error a screen shows once a call has finally failed — the catalogue of docs/api-client.md
 * ("Errors the user sees"): the client's retries are over, so a retryable failure no longer says
 * "Retrying..."; a network failure says the catalogue's sentence, never "Failed to fetch"; every other
 * category keeps `userMessage`. Status, code and details stay, so forms still place field errors.
 */
import { MESSAGES } from '../../contract/constants';
import { categorize, userMessage } from './errors';

/** The catalogue's retryable sentence without "Retrying...", for when no retry is left. */
export const UNAVAILABLE_FINAL = 'Service temporarily unavailable. Please try again.';

export function finalMessage(err: unknown): string {
  const kind = categorize(err);
  if (kind === 'retryable') return UNAVAILABLE_FINAL;
  if (kind === 'network') return MESSAGES.network;
  return userMessage(err);
}

function isAbort(err: unknown): boolean {
  return err instanceof Error && err.name === 'AbortError';
}

/** The same error with the user's sentence as its message (what Refine's notifications and pages print). */
export function toDisplayError(err: unknown): unknown {
  if (isAbort(err)) return err;
  const text = finalMessage(err);
  if (err instanceof Error) {
    err.message = text;
    return err;
  }
  return new Error(text);
}
