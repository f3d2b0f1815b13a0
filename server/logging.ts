/**
 * Logger options of the one server (docs/auth.md, "Tokens"): no log line carries a credential.
 * Three layers, each for what the one before cannot see:
 *  - the `req` serializer writes the URL with secret query parameters replaced (`?token=` on the
 *    SSE routes, `/verify?token=`, `?code=` after a link click, `?apikey=`);
 *  - pino `redact` blanks credential headers and JSON fields wherever a caller logs an object;
 *  - a last pass over every finished line (pino's `streamWrite` hook) catches the same names inside
 *    messages and error texts, bearer tokens, and anything that looks like a JWT.
 * `code` is redacted as a query parameter only: as a JSON field it is an error code (`bad_jwt`).
 *
 * No log line carries request data either (docs/api-conventions.md "Bad input never answers 500"):
 * request bodies are never logged, and the `err` serializer keeps what went wrong and where (type,
 * message, stack, codes, the database's table/column/constraint names) but not the values a database
 * error carries (the statement and its parameters, `detail`, `where`); a data exception's message
 * (SQLSTATE class 22, V8's SyntaxError) has its quoted input replaced.
 */
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/** Query parameters whose value is a credential. */
export const SECRET_PARAMS = ['token', 'code', 'apikey', 'access_token', 'refresh_token', 'auth_code', 'code_verifier'];
/** JSON fields and headers whose value is a credential. */
export const SECRET_FIELDS = ['token', 'apikey', 'access_token', 'refresh_token', 'auth_code', 'code_verifier', 'authorization', 'cookie', 'password'];

export const REDACTED = '[redacted]';

const names = (list: string[]) => list.join('|');
// name=value after ? & or ;, and the same percent-encoded inside another parameter (redirect_to)
const QUERY_RE = new RegExp(`([?&;])(${names(SECRET_PARAMS)})=[^&#\\s"\\\\]*`, 'gi');
const ENCODED_QUERY_RE = new RegExp(`(%3F|%26)(${names(SECRET_PARAMS)})%3D[^%&#\\s"\\\\]*`, 'gi');
const JSON_RE = new RegExp(`("(?:${names(SECRET_FIELDS)})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi');
const BEARER_RE = /(bearer\s+)[A-Za-z0-9._~+/=-]+/gi;
const JWT_RE = /eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;

/** Replaces every credential this module knows of in `text` (a URL, a message, a whole JSON line). */
export function redactText(text: string): string {
  return text
    .replace(QUERY_RE, `$1$2=${REDACTED}`)
    .replace(ENCODED_QUERY_RE, `$1$2%3D${REDACTED}`)
    .replace(JSON_RE, `$1"${REDACTED}"`)
    .replace(BEARER_RE, `$1${REDACTED}`)
    .replace(JWT_RE, REDACTED);
}

/** Properties of an error a log line keeps besides type, message and stack: none holds a value. */
const ERROR_KEYS = ['code', 'errno', 'syscall', 'address', 'port', 'statusCode', 'severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine', 'position'];

/** Quoted input in a message: `invalid input syntax for type uuid: "…"`, `"…" is not valid JSON`. */
const QUOTED_RE = /"(?:[^"\\]|\\.)*"/g;
const quotesInput = (e: { code?: unknown; name?: unknown }) => (typeof e.code === 'string' && e.code.startsWith('22')) || e.name === 'SyntaxError';

export interface LoggedError { type: string; message: string; stack: string; [key: string]: unknown }

/**
 * pino's `err` serializer, by allow-list: a database error's `query`, `params`, `detail` and
 * `where` hold the request's values (an event payload, a duplicate key) and are left out.
 */
export function errForLog(err: unknown, depth = 0): LoggedError {
  if (typeof err !== 'object' || err === null) return { type: typeof err, message: String(err), stack: '' };
  const e = err as Record<string, unknown> & { name?: unknown; message?: unknown; stack?: unknown; cause?: unknown; errors?: unknown };
  const scrub = (text: string) => (quotesInput(e) ? text.replace(QUOTED_RE, '"[value]"') : text);
  const out: LoggedError = {
    type: (err as object).constructor?.name ?? 'Object',
    message: scrub(String(e.message ?? '')),
    stack: typeof e.stack === 'string' ? scrub(e.stack) : '',
  };
  for (const k of ERROR_KEYS) if (e[k] !== undefined && typeof e[k] !== 'object') out[k] = e[k];
  if (depth < 3 && e.cause !== undefined) out.cause = errForLog(e.cause, depth + 1);
  if (depth < 3 && Array.isArray(e.errors)) out.errors = e.errors.slice(0, 10).map((x) => errForLog(x, depth + 1));
  return out;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

const redactPaths = [
  ...SECRET_FIELDS.flatMap((f) => [f, `req.headers.${f}`, `headers.${f}`, `body.${f}`, `*.${f}`]),
  'req.headers["x-api-key"]',
];

export function loggerOptions(config: Pick<Config, 'logLevel'>, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: redactPaths, censor: REDACTED },
    serializers: {
      err: (err: unknown) => errForLog(err),
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: redactText(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    hooks: { streamWrite: redactText },
    ...(stream ? { stream } : {}),
  };
}
