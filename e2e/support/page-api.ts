/** Calls the API as the signed-in page does: the supabase-js session token and the user's tenant. */
import { expect, type Page } from '@playwright/test';

export async function pageApi(page: Page) {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => /^sb-.*-auth-token$/.test(k));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token : '';
  });
  expect(token).not.toBe('');
  const me = await (await page.request.get('/api/me', { headers: { authorization: `Bearer ${token}` } })).json();
  const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': me.tenant.id as string };
  return {
    get: async <T>(path: string): Promise<T> => {
      const res = await page.request.get(`/api${path}`, { headers });
      expect(res.ok(), `GET ${path}`).toBe(true);
      return (await res.json()) as T;
    },
    /** As `get`, but undefined when the API has no such list or refuses it. */
    find: async <T>(path: string): Promise<T | undefined> => {
      const res = await page.request.get(`/api${path}`, { headers });
      return res.ok() ? ((await res.json()) as T) : undefined;
    },
    delete: async (path: string) => {
      await page.request.delete(`/api${path}`, { headers: { ...headers, 'idempotency-key': crypto.randomUUID() } });
    },
    post: async (path: string, data: unknown) => {
      const res = await page.request.post(`/api${path}`, { headers: { ...headers, 'idempotency-key': crypto.randomUUID() }, data });
      expect(res.ok(), `POST ${path}: ${await res.text()}`).toBe(true);
    },
    /** A command that must succeed, answering the record of its `{ data }`. */
    send: async <T>(method: 'POST' | 'PUT', path: string, data: unknown): Promise<T> => {
      const res = await page.request.fetch(`/api${path}`, { method, headers: { ...headers, 'idempotency-key': crypto.randomUUID() }, data });
      expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
      return ((await res.json()) as { data: T }).data;
    },
  };
}
