/**
 * Refine data provider over the API client — docs/product/api-calls.md "The calls", docs/api-conventions.md "Lists" (list
 * conventions) and docs/product/constants.md (cache freshness, exported for `<Refine options={{ reactQuery: { clientConfig: createQueryClient() } }}>`).
 *
 * `meta` keys understood: `path` (API path of the resource, e.g. `/me/orders` for the orders list),
 * `method` (update verb, PUT by default), `fallback` (mock items — or, for `custom`, the mock answer —
 * when the API is down), `label` (singular name in "Product not found"), `idempotencyKey`,
 * `causationId`, `tenant`, `auth` (false: no redirect to sign-in, e.g. the flags).
 *
 * Every error leaves here with the user's sentence as its message (providers/api/display-error.ts),
 * so Refine's notifications and the pages never print a status code or "Failed to fetch". A list whose
 * URL filters the API refuses is answered unfiltered by them, naming them in `invalidFilters`; a
 * detail whose id the API refuses as malformed is "<Label> not found" (docs/api-client.md).
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
import { ApiError, toDisplayError, type ApiClient, type HttpMethod, type RequestOptions } from './api';
import { toListQuery } from './api/list-query';
import { refusedFields, withoutFields, type InvalidFilter } from './api/refused-filters';

export { queryClientConfig, createQueryClient, RESOURCE_STALE_MS, STALE_PRESETS } from './api/query-client';

interface One<T> { data: T }

function pathOf(resource: string, meta: MetaQuery | undefined): string {
  return typeof meta?.path === 'string' ? meta.path : `/${resource}`;
}

function itemPath(resource: string, id: BaseKey, meta: MetaQuery | undefined): string {
  return `${pathOf(resource, meta)}/${encodeURIComponent(String(id))}`;
}

/** An AbortSignal, from whichever realm made it (a test's DOM may bring its own class). */
const isSignal = (v: unknown): v is AbortSignal => typeof (v as AbortSignal | undefined)?.aborted === 'boolean' && typeof (v as AbortSignal).addEventListener === 'function';

/**
 * Per-call client options taken from Refine's meta. Refine's query hooks spread react-query's
 * context into meta, so the abort signal of a read that is no longer wanted is `meta.signal`.
 */
function callOptions(meta: MetaQuery | undefined): Omit<RequestOptions, 'fallback' | 'method' | 'body'> {
  return {
    signal: isSignal(meta?.signal) ? meta.signal : undefined,
    idempotencyKey: typeof meta?.idempotencyKey === 'string' ? meta.idempotencyKey : undefined,
    causationId: typeof meta?.causationId === 'string' ? meta.causationId : undefined,
    tenant: meta?.tenant === false ? false : undefined,
    auth: meta?.auth === false ? false : undefined,
  };
}

/** Single-record answers are `{data, _meta}`; an answer without `data` is the record itself. */
function record<T>(answer: object): T {
  return ('data' in answer ? answer.data : answer) as T;
}

/** "products" → "Product": the name in "Product not found" unless `meta.label` gives one. */
function labelOf(resource: string, meta: MetaQuery | undefined): string {
  if (typeof meta?.label === 'string') return meta.label;
  const one = resource.replace(/s$/, '');
  return one.charAt(0).toUpperCase() + one.slice(1);
}

/** A malformed id is a page that does not exist: the API's 400 on the `id` parameter becomes a 404. */
function notFoundOnBadId(err: unknown, resource: string, meta: MetaQuery | undefined): unknown {
  const fields = refusedFields(err);
  if (err instanceof ApiError && err.status === 400 && fields?.length && fields.every((f) => f === 'id')) {
    return new ApiError(404, `${labelOf(resource, meta)} not found`, 'not_found');
  }
  return err;
}

/** Runs a call and throws its failure as a display error (see the header). */
async function shown<T>(call: () => Promise<T>, map: (e: unknown) => unknown = (e) => e): Promise<T> {
  try {
    return await call();
  } catch (e) {
    throw toDisplayError(map(e));
  }
}

export function createDataProvider(client: ApiClient): DataProvider {
  const provider: DataProvider = {
    getApiUrl: () => client.url(),

    async getList<TData extends BaseRecord = BaseRecord>({ resource, pagination, sorters, filters, meta }: GetListParams) {
      const mock = meta?.fallback as (() => TData[]) | undefined;
      const read = (q: ReturnType<typeof toListQuery>) =>
        client.get<ListResponse<TData>>(pathOf(resource, meta), {
          ...callOptions(meta),
          query: q,
          fallback: mock && (() => {
            const items = mock();
            const limit = Number(q.limit);
            const offset = Number(q.offset);
            return { data: items.slice(offset, offset + limit), pagination: { total: items.length, limit, offset } } as ListResponse<TData>;
          }),
        });
      return shown(async () => {
        const query = toListQuery({ pagination, sorters, filters });
        let invalidFilters: InvalidFilter[] = [];
        let answer;
        try {
          answer = await read(query);
        } catch (e) {
          // filters from the URL the API refuses (`?tier=9`): list without them and say which (one more call)
          const retry = withoutFields(e, query);
          if (!retry) throw e;
          invalidFilters = retry.dropped;
          answer = await read(retry.query);
        }
        return { data: answer.data, total: answer.pagination?.total ?? answer.data.length, _meta: answer._meta, invalidFilters };
      });
    },

    async getOne<TData extends BaseRecord = BaseRecord>({ resource, id, meta }: GetOneParams) {
      const answer = await shown(() => client.get<One<TData>>(itemPath(resource, id, meta), callOptions(meta)), (e) => notFoundOnBadId(e, resource, meta));
      return { data: record<TData>(answer) };
    },

    /** The API has no batch read: one GET per id, in parallel. */
    async getMany<TData extends BaseRecord = BaseRecord>({ resource, ids, meta }: GetManyParams) {
      const answers = await shown(() => Promise.all(ids.map((id) => client.get<One<TData>>(itemPath(resource, id, meta), callOptions(meta)))));
      return { data: answers.map((a) => record<TData>(a)) };
    },

    async create<TData extends BaseRecord = BaseRecord>({ resource, variables, meta }: CreateParams<unknown>) {
      const answer = await shown(() => client.post<One<TData>>(pathOf(resource, meta), variables, callOptions(meta)));
      return { data: record<TData>(answer) };
    },

    async update<TData extends BaseRecord = BaseRecord>({ resource, id, variables, meta }: UpdateParams<unknown>) {
      const method = (typeof meta?.method === 'string' ? meta.method.toUpperCase() : 'PUT') as HttpMethod;
      const answer = await shown(() => client.request<One<TData>>(itemPath(resource, id, meta), { ...callOptions(meta), method, body: variables }));
      return { data: record<TData>(answer) };
    },

    async deleteOne<TData extends BaseRecord = BaseRecord>({ resource, id, meta }: DeleteOneParams<unknown>) {
      const answer = await shown(() => client.delete<One<TData>>(itemPath(resource, id, meta), callOptions(meta)));
      const data = answer.data ?? { id };
      return { data: data as TData };
    },

    async custom<TData extends BaseRecord = BaseRecord>({ url, method, payload, query, headers, filters, sorters, meta }: CustomParams) {
      // Refine hands over either a path under /api or a full URL built from getApiUrl()
      const path = url.startsWith(client.url()) ? url.slice(client.url().length) : url;
      const answer = await shown(() =>
        client.request<TData>(path, {
          ...callOptions(meta),
          method: method.toUpperCase() as HttpMethod,
          body: payload,
          headers: headers as Record<string, string> | undefined,
          query: { ...(query as Record<string, string> | undefined), ...toListQueryParts(filters, sorters) },
          fallback: meta?.fallback as (() => TData) | undefined,
        }),
      );
      return { data: answer };
    },
  };
  return provider;
}

/** Filters and sorters of a custom call, without the paging a plain custom call does not ask for. */
function toListQueryParts(filters: CrudFilter[] | undefined, sorters: CrudSort[] | undefined) {
  if (!filters?.length && !sorters?.length) return {};
  const { limit: _limit, offset: _offset, ...rest } = toListQuery({ filters, sorters });
  return rest;
}
