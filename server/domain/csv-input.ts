/**
 * What an import reads (docs/commerce.md "Imports and exports"): a stored file — an upload, streamed
 * to disk as it arrived — or, for small callers and tests, the text itself. Either way the CSV reader
 * (csv.ts) gets a stream of text chunks, so a file is never held in memory as a whole.
 */
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/** A file on disk and its size in bytes. */
export interface CsvFile { path: string; bytes: number }

export type CsvInput = string | CsvFile;

/** Chunk size of the reader: progress moves and the process yields at least this often. */
export const CHUNK = 64 * 1024;

export function sizeOf(input: CsvInput): number {
  return typeof input === 'string' ? Buffer.byteLength(input) : input.bytes;
}

async function* textChunks(text: string, first: number): AsyncGenerator<string> {
  for (let at = 0, n = first; at < text.length; at += n, n = CHUNK) yield text.slice(at, at + n);
}

/** UTF-8 decoded across chunk boundaries (a character split between two reads stays whole). */
async function* fileChunks(path: string, first: number): AsyncGenerator<string> {
  const fh = await open(path, 'r');
  const decoder = new StringDecoder('utf8');
  try {
    for (let n = first; ; n = CHUNK) {
      const buf = Buffer.allocUnsafe(n);
      const { bytesRead } = await fh.read(buf, 0, n, null);
      if (bytesRead === 0) break;
      const text = decoder.write(buf.subarray(0, bytesRead));
      if (text) yield text;
    }
    const tail = decoder.end();
    if (tail) yield tail;
  } finally {
    await fh.close();
  }
}

/**
 * Drops a byte order mark and the blank lines before the header (some marketplaces write them),
 * counting those lines into `lead` so that row numbers stay spreadsheet line numbers.
 */
async function* afterLead(chunks: AsyncIterable<string>, lead: { lines: number }): AsyncGenerator<string> {
  let head = '';
  let first = true;
  let inLead = true;
  for await (const chunk of chunks) {
    if (!inLead) {
      yield chunk;
      continue;
    }
    head += first ? chunk.replace(/^\uFEFF/, '') : chunk;
    first = false;
    const blank = /^(?:[ \t]*\r?\n)*/.exec(head)?.[0] ?? '';
    lead.lines += (blank.match(/\n/g) ?? []).length;
    head = head.slice(blank.length);
    // what is left may still be the start of another blank line
    if (/^[ \t]*\r?$/.test(head)) continue;
    inLead = false;
    yield head;
    head = '';
  }
  if (inLead && head) yield head;
}

/**
 * The input as a stream of text chunks without its lead. `first` is the size of the first chunk:
 * papaparse guesses the delimiter and the line breaks from the first chunk it sees.
 */
export function openInput(input: CsvInput, lead: { lines: number }, first = CHUNK): Readable {
  const chunks = typeof input === 'string' ? textChunks(input, first) : fileChunks(input.path, first);
  // one chunk ahead at most: a paused reader keeps the rest of the file on disk
  return Readable.from(afterLead(chunks, lead), { objectMode: true, highWaterMark: 1 });
}
