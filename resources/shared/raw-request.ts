/**
 * CSV in and out of the API — issue 5 §3 (imports, exports), spec §7.1 headers. The JSON API client
 * encodes every body as JSON and parses every answer as JSON; a CSV import posts the file's text as
 * is and an export answers a file, so these two calls use the client's header rules (buildHeaders)
 * around XMLHttpRequest (upload progress) and a plain fetch; an import job is polled with getJson.
 */
import { MESSAGES, TENANT_REQUIRED_MESSAGE } from '../../contract/constants';
import { apiClient } from '../../providers/app-client';
import { buildQuery, uuidV4, type Query } from '../../providers/api';
import { apiErrorFrom } from '../../providers/api/errors';
import { buildHeaders } from '../../providers/api/headers';
import { getProfile } from '../../providers/auth/profile-store';
import { appConfig } from '../../providers/config';
import { supabase } from '../../providers/supabase';

const uuid = () => uuidV4((bytes) => crypto.getRandomValues(bytes));

/** The API client's own header rules (spec §7.1) for a call whose body or answer is not JSON. */
async function headers(method: 'GET' | 'POST', extra: Record<string, string>): Promise<Record<string, string>> {
  const token = (await supabase.auth.getSession()).data.session?.access_token;
  if (!token) throw new Error(MESSAGES.auth);
  const tenant = getProfile()?.tenantId;
  if (!tenant) throw new Error(TENANT_REQUIRED_MESSAGE);
  return buildHeaders({
    method,
    clientVersion: appConfig.version,
    token,
    tenantId: tenant,
    correlationId: uuid(),
    idempotencyKey: uuid(),
    csrfToken: apiClient.csrf.get(),
    extra,
  });
}

async function failure(res: Response): Promise<Error> {
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return apiErrorFrom(res.status, res.statusText, body);
}

/**
 * POSTs `text` as the raw body and answers the parsed JSON, or throws an ApiError carrying `details`.
 * XMLHttpRequest rather than fetch: only it reports upload progress (`onProgress` gets 0–100).
 */
export async function postText<T>(
  path: string,
  text: string,
  contentType: string,
  opts: { query?: Query; onProgress?: (percent: number) => void } = {},
): Promise<T> {
  const h = await headers('POST', { 'Content-Type': contentType, Accept: 'application/json' });
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiClient.url(path) + buildQuery(opts.query));
    xhr.withCredentials = true;
    for (const [k, v] of Object.entries(h)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new Error(MESSAGES.network));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(apiErrorFrom(xhr.status, xhr.statusText, body));
    };
    xhr.send(text);
  });
}

/** GETs JSON with the same headers (the import dialog polls its job with it). */
export async function getJson<T>(path: string, query?: Query): Promise<T> {
  const res = await fetch(apiClient.url(path) + buildQuery(query), {
    headers: await headers('GET', { Accept: 'application/json' }),
    credentials: 'include',
  });
  if (!res.ok) throw await failure(res);
  return (await res.json()) as T;
}

/** GETs a file (e.g. an export) as a Blob. */
export async function getFile(path: string, query?: Query): Promise<Blob> {
  const res = await fetch(apiClient.url(path) + buildQuery(query), {
    headers: await headers('GET', { Accept: 'text/csv' }),
    credentials: 'include',
  });
  if (!res.ok) throw await failure(res);
  return res.blob();
}
