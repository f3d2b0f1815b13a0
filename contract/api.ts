/** Wire shapes shared by client and server — docs/api-conventions.md. */
import { z } from 'zod';
import { PAGE } from './constants';
import { queryInt, text } from './fields';

export interface Meta { mocked: boolean; timestamp: string; source: 'api' | 'mock' }
export interface Pagination {
  total: number;
  limit: number;
  offset: number;
  /** Keyset lists: pass it back as `?cursor=` for the next page; null on the last page. */
  next_cursor?: string | null;
  /** Set when `total` is the planner's estimate above the exact-count cap. */
  total_estimated?: boolean;
}
export interface ListResponse<T> { data: T[]; pagination: Pagination; _meta: Meta }
export interface OneResponse<T> { data: T; _meta: Meta }

/** One field's problem in a 400/409 answer. */
export interface FieldError { field: string; message: string; code: string }
/**
 * Every error answer. A 400 or 409 about fields also carries `errors` (field path → message) and
 * `statusCode`: the shape Refine's forms read to show a message under the field.
 */
export interface ApiErrorBody {
  message: string;
  code: string;
  details?: unknown;
  errors?: Record<string, string>;
  statusCode?: number;
}

/** Paging alone: ?limit&offset (lists without sort or search). */
export const pageQuery = z.object({
  limit: queryInt(1, PAGE.maxSize).default(PAGE.defaultSize),
  offset: queryInt(0, 1_000_000).default(0),
});

/** Common list query: ?limit&offset&sort&order&search. */
export const listQuery = pageQuery.extend({
  sort: text({ max: 64 }).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  search: text({ max: 200 }).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

/** GET /api/csrf (docs/api-conventions.md "CSRF"): the signed-in user's token and when it expires. */
export const csrfAnswer = z.object({ token: z.string(), expires_at: z.string() });
export type CsrfAnswer = z.infer<typeof csrfAnswer>;
