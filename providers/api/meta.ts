/**
 * The response meta block — docs/product/data.md (Response meta block), docs/product/api-calls.md "Common rules": real answers carry
 * `_meta.source = "api"` (the server's own block is kept), fallback data `{mocked: true, source: "mock"}`.
 */
import type { Meta } from '../../contract/api';

export type WithMeta<T> = T & { _meta: Meta };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Object answers get `_meta` merged in; other JSON (arrays, scalars, empty bodies) is wrapped as `{data, _meta}`. */
export function withApiMeta<T>(body: unknown, timestamp: string): WithMeta<T> {
  const base: Meta = { mocked: false, timestamp, source: 'api' };
  if (isRecord(body)) {
    const server = isRecord(body._meta) ? (body._meta as Partial<Meta>) : {};
    return { ...body, _meta: { ...base, ...server } } as WithMeta<T>;
  }
  return { data: body, _meta: base } as unknown as WithMeta<T>;
}

export function withMockMeta<T>(data: T, timestamp: string): WithMeta<T> {
  const meta: Meta = { mocked: true, timestamp, source: 'mock' };
  if (isRecord(data)) return { ...data, _meta: meta } as WithMeta<T>;
  return { data, _meta: meta } as unknown as WithMeta<T>;
}
