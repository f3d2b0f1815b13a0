/**
 * Import uploads stream to disk (docs/api-conventions.md "Body limits"). The import routes live in a
 * scope of their own where a file body (CSV, TSV, plain text, octet-stream) is not read by a parser:
 * it waits in the socket until this scope's preHandler, which runs after the full authentication and
 * the rate limit, checks the route's permission and query, then pipes the body into a file
 * (server/api/imports/import-file.ts) with the import limit counted as it arrives. The handler gets
 * the stored file; the request's copy is removed when its response has closed (an import job that
 * adopted the file removes it itself). Other bodies on these routes (JSON…) keep the global limit.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorCodes } from 'fastify';
import type { Readable } from 'node:stream';
import { authorize, parse, type RouteDef } from '../api/kit';
import { ImportFile, receiveFile } from '../api/imports/import-file';

/** The content types an import file arrives with (as the buffered text parser's, server/app.ts). */
export const FILE_TYPES = ['text/csv', 'text/plain', 'text/tab-separated-values', 'application/octet-stream'];

/** A body nobody has read yet (private field: the text guard, server/api/text-guard.ts, walks the body's own keys). */
class UnreadBody {
  readonly #stream: Readable;
  constructor(stream: Readable) {
    this.#stream = stream;
  }
  get stream(): Readable {
    return this.#stream;
  }
}

export interface FileUploadOptions {
  /** Where uploads are written (DATA_DIR/import-files). */
  dir: string;
  /** Bytes an upload may have (IMPORT_BODY_LIMIT). */
  limit: number;
}

/** Makes `scope` (a plugin scope holding only upload routes) stream its file bodies. */
export function streamFileBodies(scope: FastifyInstance, o: FileUploadOptions): void {
  scope.removeContentTypeParser(FILE_TYPES);
  scope.addContentTypeParser(FILE_TYPES, (req: FastifyRequest, payload: Readable, done: (err: Error | null, body?: unknown) => void) => {
    // a declared size over the limit is refused before a byte is read, as Fastify's own limit does
    if (Number(req.headers['content-length']) > o.limit) return done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    done(null, new UnreadBody(payload));
  });

  // after the /api scope's authentication and rate limit (a scope's own hooks run after its parent's)
  scope.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!(req.body instanceof UnreadBody) || !req.auth) return;
    // what the route would refuse anyway is refused before the file is read
    const kit = req.routeOptions.config.kit;
    if (!kit) return;
    authorize(req.auth, kit as Pick<RouteDef, 'access'>);
    parse(kit.query, req.query, 'query');
    let file: ImportFile;
    try {
      file = await receiveFile(req.body.stream, o.dir, o.limit);
    } catch (e) {
      // the rest of the body is not read: the client may still be sending
      reply.header('connection', 'close');
      throw e;
    }
    req.body = file;
    const release = () => {
      file.release('request').catch((err: unknown) => req.log.warn({ err }, 'uploaded import file not removed'));
    };
    // the client may already be gone: then nothing will close any more
    if (reply.raw.closed) release();
    else reply.raw.once('close', release);
  });
}
