/**
 * AWS Signature Version 4, query-string form (presigned URLs), for S3-compatible object storage:
 * the canonical request, string to sign and signing key exactly as AWS documents them, with
 * node:crypto only. The payload is UNSIGNED-PAYLOAD (S3 accepts it for presigned requests).
 */
import { createHash, createHmac } from 'node:crypto';

export interface SigV4Credentials { accessKeyId: string; secretAccessKey: string; region: string; service?: string }

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256 = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');

/** RFC 3986 encoding as SigV4 wants it (also `!'()*`); `/` kept in paths. */
export function uriEncode(s: string, keepSlash = false): string {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(keepSlash ? /%2F/g : /$^/, '/');
}

export function amzDate(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** A URL valid for `expiresSeconds` that performs `method` on `url` (host and path as given). */
export function presign(method: string, url: URL, c: SigV4Credentials, opts: { now?: Date; expiresSeconds?: number } = {}): URL {
  const service = c.service ?? 's3';
  const date = amzDate(opts.now ?? new Date());
  const scope = `${date.slice(0, 8)}/${c.region}/${service}/aws4_request`;
  const params = new Map<string, string>([...url.searchParams.entries()]);
  params.set('X-Amz-Algorithm', 'AWS4-HMAC-SHA256');
  params.set('X-Amz-Credential', `${c.accessKeyId}/${scope}`);
  params.set('X-Amz-Date', date);
  params.set('X-Amz-Expires', String(opts.expiresSeconds ?? 900));
  params.set('X-Amz-SignedHeaders', 'host');
  const query = [...params.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const path = uriEncode(decodeURIComponent(url.pathname), true) || '/';
  const canonical = [method, path, query, `host:${url.host}\n`, 'host', 'UNSIGNED-PAYLOAD'].join('\n');
  const toSign = ['AWS4-HMAC-SHA256', date, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${c.secretAccessKey}`, date.slice(0, 8)), c.region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign, 'utf8').digest('hex');
  const out = new URL(url.toString());
  out.search = `${query}&X-Amz-Signature=${signature}`;
  return out;
}
