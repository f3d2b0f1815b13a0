/**
 * An import's file (docs/commerce.md "Import jobs", docs/api-conventions.md "Body limits"): the upload
 * is piped into a file under DATA_DIR/import-files as it arrives, counting its bytes against the limit
 * (past it: the file is removed and the answer is 413), its line breaks (for the job switch) and its
 * SHA-256 (what an Idempotency-Key compares). The request owns the file until an import job adopts
 * it; the owner removes it when done — the request when its response has closed, the job once the
 * file has been read.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, finished, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { errorCodes } from 'fastify';
import { z } from 'zod';
import { fileBody } from '../../../contract/imports';
import type { CsvInput } from '../../domain/csv';
import { HttpError } from '../errors';

export const importFilesDir = (dataDir: string) => join(dataDir, 'import-files');

type Owner = 'request' | 'job';

export class ImportFile {
  // the enumerable fields are the file's fingerprint (server/api/idempotency.ts hashes them)
  readonly bytes: number;
  readonly lines: number;
  readonly sha256: string;
  /** On disk (an upload) or in memory (a JSON string body, at most the global body limit). */
  readonly #at: { path: string } | { text: string };
  #owner: Owner | null = 'request';

  constructor(at: { path: string } | { text: string }, bytes: number, lines: number, sha256: string) {
    this.#at = at;
    this.bytes = bytes;
    this.lines = lines;
    this.sha256 = sha256;
  }

  static fromText(text: string): ImportFile {
    const lines = (text.match(/\n/g) ?? []).length;
    return new ImportFile({ text }, Buffer.byteLength(text), lines, createHash('sha256').update(text).digest('hex'));
  }

  /** What the importer reads. */
  get input(): CsvInput {
    return 'text' in this.#at ? this.#at.text : { path: this.#at.path, bytes: this.bytes };
  }

  /** An import job takes the file over; refused once the request has let it go. */
  adopt(): void {
    if (this.#owner !== 'request') throw new Error('The uploaded file is gone');
    this.#owner = 'job';
  }

  /** Removes the file if `by` owns it; otherwise (adopted by a job, already removed) does nothing. */
  async release(by: Owner): Promise<void> {
    if (this.#owner !== by) return;
    this.#owner = null;
    if ('path' in this.#at) await rm(this.#at.path, { force: true });
  }
}

/** Line feeds in a chunk (a UTF-8 byte 0x0A is always a line feed). */
function countLines(chunk: Buffer): number {
  let n = 0;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
  return n;
}

/**
 * Pipes a request body into a new file, `limit` bytes at most. The request stream is never destroyed
 * (the answer still has to go out on its socket); on any failure the file is removed.
 */
export async function receiveFile(body: Readable, dir: string, limit: number): Promise<ImportFile> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${randomUUID()}.upload`);
  const out = await open(path, 'wx');
  const hash = createHash('sha256');
  let bytes = 0;
  let lines = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (bytes > limit) return done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      hash.update(chunk);
      lines += countLines(chunk);
      done(null, chunk);
    },
  });
  // a client that goes away mid-upload ends the body without its end
  const stopWatching = finished(body, { writable: false }, (err) => {
    if (err) meter.destroy(new HttpError(400, 'upload_interrupted', 'The upload ended before the whole file arrived'));
  });
  body.pipe(meter);
  try {
    await pipeline(meter, out.createWriteStream());
  } catch (e) {
    body.unpipe(meter);
    await out.close().catch(() => undefined);
    await rm(path, { force: true });
    throw e;
  } finally {
    stopWatching();
  }
  return new ImportFile({ path }, bytes, lines, hash.digest('hex'));
}

/**
 * Files a crash left behind: every one on PGlite (one process per DATA_DIR, called before it serves),
 * else those not touched for a day (another process sharing the directory may be using the rest).
 */
export async function sweepImportFiles(dir: string, opts: { all: boolean }): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const before = Date.now() - 24 * 3600 * 1000;
  let removed = 0;
  for (const name of names) {
    const path = join(dir, name);
    const old = opts.all || ((await stat(path).catch(() => null))?.mtimeMs ?? Infinity) < before;
    if (old) {
      await rm(path, { force: true, recursive: true });
      removed++;
    }
  }
  return removed;
}

/**
 * The import routes' body: the stored upload, answered as contract/imports.ts `fileBody` answers the
 * text it holds (the same 400s: not a file, or an empty one). A JSON string body is the file's text.
 */
export const importUpload = z.unknown().transform((v, ctx) => {
  const file = typeof v === 'string' ? ImportFile.fromText(v) : v;
  const r = fileBody.safeParse(file instanceof ImportFile ? (file.bytes > 0 ? 'file' : '') : v);
  if (!r.success) {
    for (const issue of r.error.issues) ctx.addIssue(issue as Parameters<typeof ctx.addIssue>[0]);
    return z.NEVER;
  }
  return file as ImportFile;
});
