/** Wire shapes shared by client and server — DESIGN §4. */
import { z } from 'zod';

export interface Meta { mocked: boolean; timestamp: string; source: 'api' | 'mock' }
export interface Pagination { total: number; limit: number; offset: number }
export interface ListResponse<T> { data: T[]; pagination: Pagination; _meta: Meta }
export interface ApiErrorBody { message: string; code: string; details?: unknown }

/** Common list query: ?limit&offset&sort&order&search (DESIGN §4). */
export const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  sort: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  search: z.string().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export interface MeResponse {
  user: { id: string; email: string };
  role: 'user' | 'agent' | 'admin';
  tenant: { id: string; name: string };
}
