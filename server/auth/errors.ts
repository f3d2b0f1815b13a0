/**
 * GoTrue error answers — docs/product/auth-protocol.md §0. The body form follows the request's
 * `X-Supabase-Api-Version` (≥ 2024-01-01 → `{code, message}` and the header echoed; otherwise the
 * legacy `{code: <status>, error_code, msg}`); `x-sb-error-code` is always set. Client mistakes are
 * never 5xx, because supabase-js retries 5xx.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DATABASE_RETRY_AFTER_S, HttpError } from '../api/errors';
import { isDatabaseUnavailable } from '../db/unavailable';
import { API_VERSION_2024 } from './constants';

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The API version GoTrue would resolve for this request, or undefined for the legacy form. */
export function apiVersionOf(req: FastifyRequest): string | undefined {
  const h = req.headers['x-supabase-api-version'];
  return typeof h === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(h) && h >= API_VERSION_2024 ? API_VERSION_2024 : undefined;
}

export function errorBody(req: FastifyRequest, err: AuthError): Record<string, unknown> {
  if (apiVersionOf(req)) return { code: err.code, message: err.message };
  const legacy: Record<string, unknown> = { code: err.status, error_code: err.code, msg: err.message };
  if (err.status >= 500) legacy.error_id = req.id;
  return legacy;
}

export function sendAuthError(req: FastifyRequest, reply: FastifyReply, err: AuthError): FastifyReply {
  reply.code(err.status).header('x-sb-error-code', err.code).headers(err.headers);
  const version = apiVersionOf(req);
  if (version) reply.header('x-supabase-api-version', version);
  return reply.send(errorBody(req, err));
}

/** Error handler of the /auth/v1 scope: everything leaves in GoTrue's shape. */
export function authErrorHandler(err: FastifyError | AuthError | HttpError, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (err instanceof AuthError) return sendAuthError(req, reply, err);
  if (err instanceof HttpError) return sendAuthError(req, reply, new AuthError(err.status, err.code, err.message));
  const status = (err as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    const code = status === 415 || status === 400 ? 'bad_json' : 'validation_failed';
    return sendAuthError(req, reply, new AuthError(status, code, err.message));
  }
  if (isDatabaseUnavailable(err)) {
    // the database's outage (docs/reliability.md): a 5xx supabase-js retries, with the API's code
    req.log.warn({ err }, 'embedded auth: database unavailable');
    return sendAuthError(req, reply, new AuthError(503, 'database_unavailable', 'The database is unavailable; retry shortly', { 'retry-after': String(DATABASE_RETRY_AFTER_S) }));
  }
  req.log.error({ err }, 'embedded auth: unexpected failure');
  return sendAuthError(req, reply, new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'));
}
