/**
 * Logger options of the one server (docs/auth.md, "Tokens"): no log line carries a credential.
 * Three layers, each for what the one before cannot see:
 *  - the `req` serializer writes the URL with secret query parameters replaced (`?token=` on the
 *    SSE routes, `/verify?token=`, `?code=` after a link click, `?apikey=`);
 *  - pino `redact` blanks credential headers and JSON fields wherever a caller logs an object;
 *  - a last pass over every finished line (pino's `streamWrite` hook) catches the same names inside
 *    messages and error texts, bearer tokens, and anything that looks like a JWT.
 * `code` is redacted as a query parameter only: as a JSON field it is an error code (`bad_jwt`).
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
