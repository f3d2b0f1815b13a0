/**
 * Refine data provider over the API client — spec §7.1/§7.2, DESIGN §4 (list conventions) and §9
 * (cache freshness, exported for `<Refine options={{ reactQuery: { clientConfig: createQueryClient() } }}>`).
 *
 * `meta` keys understood: `path` (API path of the resource, e.g. `/me/orders` for the orders list),
 * `method` (update verb, PUT by default), `fallback` (mock items when the service is unavailable),
 * `idempotencyKey`, `causationId`, `tenant`.
 */
import type {
  BaseKey,
  BaseRecord,
  CreateParams,
  CrudFilter,
  CrudSort,
  CustomParams,
  DataProvider,
  DeleteOneParams,
  GetListParams,
  GetManyParams,
  GetOneParams,
  MetaQuery,
  UpdateParams,
} from '@refinedev/core';
import type { ListResponse } from '../contract/api';
import type { ApiClient, HttpMethod, RequestOptions } from './api';
import { toListQuery } from './api/list-query';

export { queryClientConfig, createQueryClient, RESOURCE_STALE_MS, STALE_PRESETS } from './api/query-client';

interface One<T> { data: T }

function pathOf(resource: string, meta: MetaQuery | undefined): string {
  return typeof meta?.path === 'string' ? meta.path : `/${resource}`;
}

function itemPath(resource: string, id: BaseKey, meta: MetaQuery | undefined): string {
  return `${pathOf(resource, meta)}/${encodeURIComponent(String(id))}`;
}

/** Per-call client options taken from Refine's meta (abort signal from react-query's context). */
function callOptions(meta: MetaQuery | undefined): Omit<RequestOptions, 'fallback' | 'method' | 'body'> {
  return {
    signal: meta?.queryContext?.signal,
    idempotencyKey: typeof meta?.idempotencyKey === 'string' ? meta.idempotencyKey : undefined,
    causationId: typeof meta?.causationId === 'string' ? meta.causationId : undefined,
    tenant: meta?.tenant === false ? false : undefined,
  };
}

/** Single-record answers are `{data, _meta}`; an answer without `data` is the record itself. */
function record<T>(answer: object): T {
  return ('data' in answer ? answer.data : answer) as T;
}

export function createDataProvider(client: ApiClient): DataProvider {
  return {
    getApiUrl: () => client.url(),

    async getList<TData extends BaseRecord = BaseRecord>({ resource, pagination, sorters, filters, meta }: GetListParams) {
      const query = toListQuery({ pagination, sorters, filters });
      const mock = meta?.fallback as (() => TData[]) | undefined;
      const answer = await client.get<ListResponse<TData>>(pathOf(resource, meta), {
        ...callOptions(meta),
        query,
        fallback: mock && (() => {
          const items = mock();
          const limit = Number(query.limit);
          const offset = Number(query.offset);
          return { data: items.slice(offset, offset + limit), pagination: { total: items.length, limit, offset } } as ListResponse<TData>;
        }),
      });
      return { data: answer.data, total: answer.pagination?.total ?? answer.data.length, _meta: answer._meta };
    },

    async getOne<TData extends BaseRecord = BaseRecord>({ resource, id, meta }: GetOneParams) {
      const answer = await client.get<One<TData>>(itemPath(resource, id, meta), callOptions(meta));
      return { data: record<TData>(answer) };
    },

    /** The API has no batch read: one GET per id, in parallel. */
    async getMany<TData extends BaseRecord = BaseRecord>({ resource, ids, meta }: GetManyParams) {
      const answers = await Promise.all(ids.map((id) => client.get<One<TData>>(itemPath(resource, id, meta), callOptions(meta))));
      return { data: answers.map((a) => record<TData>(a)) };
    },

    async create<TData extends BaseRecord = BaseRecord>({ resource, variables, meta }: CreateParams<unknown>) {
      const answer = await client.post<One<TData>>(pathOf(resource, meta), variables, callOptions(meta));
      return { data: record<TData>(answer) };
    },

    async update<TData extends BaseRecord = BaseRecord>({ resource, id, variables, meta }: UpdateParams<unknown>) {
      const method = (typeof meta?.method === 'string' ? meta.method.toUpperCase() : 'PUT') as HttpMethod;
      const answer = await client.request<One<TData>>(itemPath(resource, id, meta), { ...callOptions(meta), method, body: variables });
      return { data: record<TData>(answer) };
    },

    async deleteOne<TData extends BaseRecord = BaseRecord>({ resource, id, meta }: DeleteOneParams<unknown>) {
      const answer = await client.delete<One<TData>>(itemPath(resource, id, meta), callOptions(meta));
      const data = answer.data ?? { id };
      return { data: data as TData };
    },

    async custom<TData extends BaseRecord = BaseRecord>({ url, method, payload, query, headers, filters, sorters, meta }: CustomParams) {
      // Refine hands over either a path under /api or a full URL built from getApiUrl()
      const path = url.startsWith(client.url()) ? url.slice(client.url().length) : url;
      const answer = await client.request<TData>(path, {
        ...callOptions(meta),
        method: method.toUpperCase() as HttpMethod,
        body: payload,
        headers: headers as Record<string, string> | undefined,
        query: { ...(query as Record<string, string> | undefined), ...toListQueryParts(filters, sorters) },
      });
      return { data: answer };
    },
  };
}

/** Filters and sorters of a custom call, without the paging a plain custom call does not ask for. */
function toListQueryParts(filters: CrudFilter[] | undefined, sorters: CrudSort[] | undefined) {
  if (!filters?.length && !sorters?.length) return {};
  const { limit: _limit, offset: _offset, ...rest } = toListQuery({ filters, sorters });
  return rest;
}
