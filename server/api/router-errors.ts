/**
 * Errors the router raises before any handler runs answer like every other API error,
 * `{ message, code, details }` (docs/api-conventions.md "Errors"): a URL that is not valid
 * percent-encoding (400 bad_url), an unknown path (404 not_found), a known path with another method
 * (405 method_not_allowed, with `Allow`), a request line or headers past the HTTP server's limit
 * (431 too_large, written on the socket before any request object exists). Path parameters may be up to MAX_PARAM_LENGTH characters,
 * so a long one reaches the route's schema and gets a 400 naming the field.
 */
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '../../contract/api';
import { allowedMethods } from './route-index';

export const MAX_PARAM_LENGTH = 1000;

/** The request's path, cut short for a message (a 100 kB URL is not echoed back). */
const pathOf = (req: FastifyRequest) => req.url.split('?')[0].slice(0, 300);

/** Fastify's `frameworkErrors`: errors found while routing (a URL that does not decode). */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  // a path parameter past MAX_PARAM_LENGTH names no record: the same 404 whether or not the app's
  // static wildcard is registered (the router reports it as 414 FST_ERR_MAX_PARAM_LENGTH otherwise)
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(404).send({ message: `Route ${req.method} ${pathOf(req)} not found`, code: 'not_found', details: null } satisfies ApiErrorBody);
    return;
  }
  const bad = err.code === 'FST_ERR_BAD_URL';
  const body: ApiErrorBody = bad
    ? { message: `The URL ${JSON.stringify(pathOf(req))} is not valid percent-encoding`, code: 'bad_url', details: null }
    : { message: err.message, code: err.code ?? 'bad_request', details: null };
  void reply.code(err.statusCode && err.statusCode < 500 ? err.statusCode : 400).send(body);
}

/** No route for this method and path: 405 when the path exists for another method, else 404. */
export function routeNotFound(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = pathOf(req);
  const allow = allowedMethods(app, path);
  if (allow.length > 0 && !allow.includes(req.method)) {
    return reply
      .code(405)
      .header('allow', allow.join(', '))
      .send({ message: `Method ${req.method} is not allowed on ${path}; use ${allow.join(', ')}`, code: 'method_not_allowed', details: { allow } } satisfies ApiErrorBody);
  }
  return reply.code(404).send({ message: `Route ${req.method} ${path} not found`, code: 'not_found', details: null } satisfies ApiErrorBody);
}

/** Fastify's `clientErrorHandler`: the HTTP parser refused the request (headers or URL too large, garbage). */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body: ApiErrorBody =
    status === 431
      ? { message: 'The request line or headers are too large', code: 'too_large', details: null }
      : status === 408
        ? { message: 'The request took too long to arrive', code: 'request_timeout', details: null }
        : { message: 'The request is not valid HTTP', code: 'bad_request', details: null };
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}
