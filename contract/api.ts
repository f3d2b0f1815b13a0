/** Wire shapes shared by client and server — docs/api-conventions.md. */
import { z } from 'zod';
import { PAGE } from './constants';
import { queryInt, text } from './fields';

// ---- answers (docs/api-conventions.md "Answers") ------------------------------------------------

/** `_meta` of every JSON answer: when and by whom it was made (`mock`: the console's own mock data). */
export const answerMeta = z.object({ mocked: z.boolean(), timestamp: z.string(), source: z.enum(['api', 'mock']) });
export type Meta = z.infer<typeof answerMeta>;

export const pagination = z.object({
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
  /** Keyset lists: pass it back as `?cursor=` for the next page; null on the last page. */
  next_cursor: z.string().nullable().optional(),
  /** Set when `total` is the planner's estimate above the exact-count cap. */
  total_estimated: z.boolean().optional(),
});
export type Pagination = z.infer<typeof pagination>;

/** A list answer: `{ data: [row…], pagination, _meta }`. A route declares it as its `answer` (server/api/kit.ts). */
export const listAnswer = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), pagination, _meta: answerMeta });
/** One record: `{ data: row, _meta }`. */
export const oneAnswer = <T extends z.ZodType>(row: T) => z.object({ data: row, _meta: answerMeta });

/** What `listAnswer(row)` / `oneAnswer(row)` parse to, for a row type `T`. */
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
