/**
 * The commerce pages' API in memory for component tests, on the one fake API of the component tests
 * (support/fake-api.ts: fetch stubbed behind the browser's real API client and data provider, every
 * request recorded): products, suppliers… kept as records and served as the REST API serves them, and
 * a notification provider that records the toasts Refine shows. Render with support/render-console.tsx,
 * passing `notificationProvider: api.notifications`.
 */
import type { NotificationProvider, OpenNotificationParams } from '@refinedev/core';
import { fakeApi, listOf, type Handler } from './support/fake-api';

/** Records by resource name (`products`) or by the path a list is read from (`/suppliers/s1/mappings`), then by id. */
export type Records = Record<string, Record<string, Record<string, unknown>>>;

const notFound = { status: 404, body: { message: 'not found', code: 'not_found' } };

/**
 * The REST endpoints of `records`:
 * - GET of a resource (`/suppliers`) or of a path the records name: its records as a list;
 * - GET /{resource}/{id}: the record, or 404;
 * - POST /{resource}: the created record (id "new"); PUT or PATCH /{resource}/{id}: the updated one;
 * - DELETE /{resource}/{id}: removes the record;
 * - any other GET (the page's other panels): an empty list.
 * Any other write gets the fake API's 404 "no fake for …".
 */
function served(records: Records): Handler {
  const table = (path: string) => Object.entries(records).find(([k]) => (k.startsWith('/') ? k : `/${k}`) === path)?.[1];
  return (c) => {
    const whole = table(c.path);
    const item = /^(\/[^/]+)\/([^/]+)$/.exec(c.path);
    const owner = item ? table(item[1]) : undefined;
    const id = item ? decodeURIComponent(item[2]) : '';
    switch (c.method) {
      case 'GET':
        if (whole) return { body: listOf(Object.values(whole)) };
        if (owner) return owner[id] ? { body: { data: owner[id] } } : notFound;
        return { body: listOf([]) };
      case 'POST':
        return whole ? { body: { data: { id: 'new', ...(c.body as object) } } } : undefined;
      case 'PUT':
      case 'PATCH':
        return owner ? { body: { data: { id, ...(c.body as object) } } } : undefined;
      case 'DELETE':
        if (!owner) return undefined;
        delete owner[id];
        return { body: { data: { id } } };
      default:
        return undefined;
    }
  };
}

/** `records` served as above, behind the test's own `handlers` (asked first: custom calls, failing writes). */
export function fakeRecordsApi(records: Records, handlers: Handler[] = []) {
  const toasts: OpenNotificationParams[] = [];
  const notifications: NotificationProvider = { open: (p) => void toasts.push(p), close: () => {} };
  return { ...fakeApi([...handlers, served(records)]), records, toasts, notifications };
}

export type RecordsApi = ReturnType<typeof fakeRecordsApi>;
