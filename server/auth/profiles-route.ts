/**
 * GET /rest/v1/profiles — docs/product/auth-protocol.md §7: the one PostgREST read the app makes,
 * `select=tenant_id,role&id=eq.<uid>` with `Accept: application/vnd.pgrst.object+json`.
 * The caller comes from the Bearer JWT (the anon key means no user); the read runs in a
 * transaction with app.user_id set, so row-level security returns the caller's own row only.
 * Errors use PostgREST's body `{code, details, hint, message}`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { AuthDeps } from './deps';
import { safeEqual } from './crypto';
import { sessionOwnedBy } from './sessions';

const COLUMNS = ['id', 'tenant_id', 'role', 'email'] as const;
type Column = (typeof COLUMNS)[number];
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'apikey']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OBJECT_TYPE = 'application/vnd.pgrst.object+json';

class PgrstError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const isColumn = (c: string): c is Column => (COLUMNS as readonly string[]).includes(c);

function parseSelect(raw: unknown): Column[] {
  if (typeof raw !== 'string' || raw.trim() === '' || raw.trim() === '*') return [...COLUMNS];
  return raw.split(',').map((c) => {
    const name = c.trim();
    if (!isColumn(name)) throw new PgrstError(400, '42703', `column profiles.${name} does not exist`);
    return name;
  });
}

function parseFilters(query: Record<string, unknown>): { column: Column; value: string }[] {
  const filters: { column: Column; value: string }[] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (RESERVED.has(key)) continue;
    if (!isColumn(key)) throw new PgrstError(400, '42703', `column profiles.${key} does not exist`);
    for (const v of Array.isArray(raw) ? raw : [raw]) {
      const text = String(v);
      if (!text.startsWith('eq.')) throw new PgrstError(400, 'PGRST100', `failed to parse filter (${text})`);
      const value = text.slice(3);
      if (key === 'id' && !UUID.test(value)) throw new PgrstError(400, '22P02', `invalid input syntax for type uuid: "${value}"`);
      filters.push({ column: key, value });
    }
  }
  return filters;
}

/** The caller's user id, undefined for the anon key / no token; PostgREST's 401 for a bad token. */
async function callerOf(req: FastifyRequest, d: AuthDeps): Promise<string | undefined> {
  const h = req.headers.authorization;
  const m = typeof h === 'string' ? /^bearer\s+(.*)$/i.exec(h.trim()) : null;
  if (!m) return undefined;
  const token = m[1].trim();
  if (d.config.anonKey && safeEqual(token, d.config.anonKey)) return undefined;
  const invalid = (message: string, code = 'PGRST301') =>
    new PgrstError(401, code, message, null, { 'www-authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}` });
  if (token === '') throw invalid('Empty JWT is sent in Authorization header');
  const parts = token.split('.').length;
  if (parts !== 3) throw invalid(`Expected 3 parts in JWT; got ${parts}`);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, new TextEncoder().encode(d.secret), { algorithms: ['HS256'] }));
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) throw invalid('JWT expired', 'PGRST303');
    if (e instanceof joseErrors.JOSEAlgNotAllowed) throw invalid('Wrong or unsupported encoding algorithm');
    throw invalid('JWT cryptographic operation failed');
  }
  if (payload.role !== 'authenticated' || typeof payload.sub !== 'string' || !UUID.test(payload.sub)) return undefined;
  // a user token must name a live session of its own subject, as on /api (docs/auth.md, "Sessions")
  if (!(await sessionOwnedBy(d.db, payload.session_id, payload.sub))) throw invalid('Session from session_id claim in JWT does not exist');
  return payload.sub;
}

function sendPgrst(reply: FastifyReply, e: PgrstError): FastifyReply {
  return reply
    .code(e.status)
    .headers(e.headers)
    .type('application/json; charset=utf-8')
    .send({ code: e.code, details: e.details, hint: null, message: e.message });
}

export function registerProfilesRead(scope: FastifyInstance, d: AuthDeps): void {
  scope.get('/profiles', async (req, reply) => {
    try {
      const schema = req.headers['accept-profile'];
      if (typeof schema === 'string' && schema !== '' && schema !== 'public') {
        throw new PgrstError(406, 'PGRST106', 'The schema must be one of the following: public');
      }
      const columns = parseSelect((req.query as Record<string, unknown>).select);
      const filters = parseFilters(req.query as Record<string, unknown>);
      const userId = await callerOf(req, d);
      const where = filters.map((f, i) => `${f.column} = $${i + 1}`).join(' and ');
      const rows = await d.db.transaction(
        async (tx) =>
          (await tx.query<Record<string, unknown>>(
            `select ${columns.join(', ')} from profiles${where ? ` where ${where}` : ''} order by id`,
            filters.map((f) => f.value),
          )).rows,
        { userId: userId ?? '' },
      );
      const wantsObject = (req.headers.accept ?? '').includes(OBJECT_TYPE);
      if (wantsObject) {
        if (rows.length !== 1) {
          throw new PgrstError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows.length} rows`);
        }
        return reply.header('content-range', '0-0/*').type(`${OBJECT_TYPE}; charset=utf-8`).send(rows[0]);
      }
      const range = rows.length ? `0-${rows.length - 1}/*` : '*/*';
      return reply.header('content-range', range).type('application/json; charset=utf-8').send(rows);
    } catch (e) {
      if (e instanceof PgrstError) return sendPgrst(reply, e);
      throw e;
    }
  });
}
