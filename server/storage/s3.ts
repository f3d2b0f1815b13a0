/**
 * The S3-compatible object store (AWS S3, MinIO, R2, Ceph…): path-style URLs
 * `{S3_ENDPOINT}/{S3_BUCKET}/{key}` signed with SigV4 (sigv4.ts). The endpoint is the operator's
 * configuration, never a client's. A 404 on GET is "no such object"; other failures are StorageErrors.
 */
import { presign, type SigV4Credentials } from './sigv4';
import { StorageError, type ObjectStore } from './types';

export interface S3Config extends SigV4Credentials {
  endpoint: string;
  bucket: string;
}

export function s3ConfigFromEnv(env: NodeJS.ProcessEnv = process.env): S3Config | null {
  if (!env.S3_BUCKET) return null;
  const missing = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((k) => !env[k]);
  if (missing.length) throw new Error(`S3_BUCKET is set but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not`);
  return {
    endpoint: env.S3_ENDPOINT!,
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    region: env.S3_REGION || 'us-east-1',
  };
}

export function s3Store(cfg: S3Config, fetchImpl: typeof fetch = fetch, timeoutMs = 15_000): ObjectStore {
  const urlOf = (key: string) => new URL(`${cfg.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(cfg.bucket)}/${key.split('/').map(encodeURIComponent).join('/')}`);
  const call = async (method: string, key: string, init: RequestInit = {}) => {
    try {
      return await fetchImpl(presign(method, urlOf(key), cfg), { ...init, method, signal: AbortSignal.timeout(timeoutMs) });
    } catch (e) {
      throw new StorageError(`Object storage unreachable: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      const r = await call('PUT', key, { body: new Uint8Array(bytes), headers: { 'content-type': contentType } });
      if (!r.ok) throw new StorageError(`Object storage refused the upload: HTTP ${r.status}`);
    },
    async get(key) {
      const r = await call('GET', key);
      if (r.status === 404) return null;
      if (!r.ok) throw new StorageError(`Object storage read failed: HTTP ${r.status}`);
      return { bytes: new Uint8Array(await r.arrayBuffer()), contentType: r.headers.get('content-type') ?? 'application/octet-stream' };
    },
    async delete(key) {
      const r = await call('DELETE', key);
      if (!r.ok && r.status !== 404) throw new StorageError(`Object storage delete failed: HTTP ${r.status}`);
    },
  };
}
