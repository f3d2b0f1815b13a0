/**
 * Compressed answers (docs/performance.md "Delivery"): brotli or gzip, as the client accepts, for
 * API answers of 1 KiB or more. Brotli at quality 4: near gzip's speed with smaller output (the
 * default 11 costs tens of milliseconds per page of JSON). Static files are compressed once at
 * build time (server/http/static.ts); SSE and CSV exports write to the socket themselves and stay
 * uncompressed (a stream must reach the client event by event).
 */
import compress from '@fastify/compress';
import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
