/**
 * The S3-compatible object store: SigV4 presigning matches AWS's documented example, and put/get/
 * delete send signed path-style requests to a stub S3 (which checks the signature the same way).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presign } from '../../server/storage/sigv4';
import { s3ConfigFromEnv, s3Store, type S3Config } from '../../server/storage/s3';
import { StorageError } from '../../server/storage/types';

const AWS_EXAMPLE = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' };

describe('SigV4 presigned URLs', () => {
  it("reproduces AWS's documented presigned GET example", () => {
    const u = presign('GET', new URL('https://examplebucket.s3.amazonaws.com/test.txt'), AWS_EXAMPLE, { now: new Date('2013-05-24T00:00:00Z'), expiresSeconds: 86400 });
    expect(u.searchParams.get('X-Amz-Credential')).toBe('AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request');
    expect(u.searchParams.get('X-Amz-Date')).toBe('20130524T000000Z');
    expect(u.searchParams.get('X-Amz-Signature')).toBe('aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404');
  });
});

describe('S3 object store against a stub', () => {
  let server: http.Server;
  let cfg: S3Config;
  const objects = new Map<string, { ct: string; body: Buffer }>();
  const seen: { method: string; path: string; valid: boolean }[] = [];
  let failNext = 0;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url!, `http://${req.headers.host}`);
        // the stub recomputes the signature from the request it got, as S3 does
        const given = url.searchParams.get('X-Amz-Signature');
        const unsigned = new URL(url);
        for (const k of [...unsigned.searchParams.keys()]) if (k.startsWith('X-Amz-')) unsigned.searchParams.delete(k);
        const date = url.searchParams.get('X-Amz-Date')!;
        const expected = presign(req.method!, unsigned, cfg, {
          now: new Date(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`),
          expiresSeconds: Number(url.searchParams.get('X-Amz-Expires')),
        }).searchParams.get('X-Amz-Signature');
        const valid = given === expected && url.searchParams.get('X-Amz-Credential')!.startsWith('minio-key/');
        seen.push({ method: req.method!, path: url.pathname, valid });
        if (failNext > 0) {
          failNext--;
          res.writeHead(503).end('<Error><Code>SlowDown</Code></Error>');
          return;
        }
        if (!valid) return void res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        if (req.method === 'PUT') objects.set(url.pathname, { ct: String(req.headers['content-type']), body: Buffer.concat(chunks) });
        if (req.method === 'DELETE') {
          objects.delete(url.pathname);
          return void res.writeHead(204).end();
        }
        if (req.method === 'GET') {
          const o = objects.get(url.pathname);
          if (!o) return void res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
          return void res.writeHead(200, { 'content-type': o.ct }).end(o.body);
        }
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    cfg = { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bucket: 'images', accessKeyId: 'minio-key', secretAccessKey: 'minio-secret', region: 'us-east-1' };
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('puts, gets and deletes an object with signed path-style requests', async () => {
    const store = s3Store(cfg);
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    await store.put('tenant-a/img 1', bytes, 'image/png');
    expect(seen.at(-1)).toEqual({ method: 'PUT', path: '/images/tenant-a/img%201', valid: true });
    expect(objects.get('/images/tenant-a/img%201')?.ct).toBe('image/png');
    const got = await store.get('tenant-a/img 1');
    expect(got?.contentType).toBe('image/png');
    expect([...got!.bytes]).toEqual([...bytes]);
    await store.delete('tenant-a/img 1');
    expect(await store.get('tenant-a/img 1')).toBeNull();
    await store.delete('tenant-a/img 1'); // missing: not an error
    expect(seen.every((s) => s.valid)).toBe(true);
  });

  it('refuses with a StorageError when the bucket rejects the signature or fails', async () => {
    await expect(s3Store({ ...cfg, secretAccessKey: 'wrong' }).put('k', new Uint8Array([1]), 'image/png')).rejects.toBeInstanceOf(StorageError);
    failNext = 1;
    await expect(s3Store(cfg).get('k')).rejects.toThrow(/HTTP 503/);
    await expect(s3Store({ ...cfg, endpoint: 'http://127.0.0.1:1' }).get('k')).rejects.toThrow(/unreachable/);
  });

  it('is configured by S3_* variables, all or none', () => {
    expect(s3ConfigFromEnv({})).toBeNull();
    expect(() => s3ConfigFromEnv({ S3_BUCKET: 'b' })).toThrow(/S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are not/);
    expect(s3ConfigFromEnv({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })).toMatchObject({ bucket: 'b', region: 'us-east-1' });
  });
});
