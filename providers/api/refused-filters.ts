/**
 * List parameters the API refused — a URL like `/suppliers?tier=9` or `/orders?status=bogus` carries a
 * value the API's validation rejects (400 `validation_failed`, one detail per field). The list is then
 * read without those parameters and the page names them in a plain sentence (docs/api-client.md).
 */
import { ApiError } from './errors';
import type { Query } from './query-string';

export interface InvalidFilter { field: string; value: string }

/** The top-level fields named by a validation error's details, or null for any other error. */
export function refusedFields(err: unknown): string[] | null {
  if (!(err instanceof ApiError) || err.status !== 400 || err.code !== 'validation_failed' || !Array.isArray(err.details)) return null;
  const fields = (err.details as { field?: unknown }[]).map((d) => (typeof d.field === 'string' ? d.field.split('.')[0] : ''));
  return fields.every(Boolean) ? [...new Set(fields)] : null;
}

/** Paging is the list's own; sort and order go together. */
const KEEP = new Set(['limit', 'offset']);

/** The query without the refused parameters, or null when the error is not about this query's parameters. */
export function withoutFields(err: unknown, query: Query): { query: Query; dropped: InvalidFilter[] } | null {
  const fields = refusedFields(err);
  if (!fields?.length || fields.some((f) => KEEP.has(f) || !(f in query))) return null;
  const drop = new Set(fields.flatMap((f) => (f === 'sort' || f === 'order' ? ['sort', 'order'] : [f])));
  const next: Query = {};
  for (const [k, v] of Object.entries(query)) if (!drop.has(k)) next[k] = v;
  return { query: next, dropped: fields.map((field) => ({ field, value: String(query[field] ?? '') })) };
}
