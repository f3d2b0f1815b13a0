/**
 * Route kit — docs/api-conventions.md in one place. A route module declares
 * `{ method, url, access, params, query, body, handler }` and gets: zod validation (400 with
 * per-field details), the role matrix (403 forbidden), a tenant-scoped transaction (RLS setting),
 * idempotency keys on non-GET, audit entries and outbox events written in the command's transaction,
 * and the tenant's cached list totals dropped once a write has committed.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import type { ListResponse, Meta, OneResponse } from '../../contract/api';
import { admits, type Access } from '../../contract/permissions';
import type { Db, Tx } from '../db';
import { CommandOutbox, appendEvent, type Emit } from '../events/outbox';
import { countsChanged } from './list-kit/count-cache';
import type { AuthInfo } from './context';
import { HttpError, conflict, forbidden, notFound, validationError } from './errors';
import { withIdempotency } from './idempotency';
import { RawJson } from './raw-json';
import './route-index';

export interface AuditInput {
  action: string;
  resource: string;
  resourceId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

export interface Ctx<P, Q, B> {
  tx: Tx;
  auth: AuthInfo;
  params: P;
  query: Q;
  body: B;
  req: FastifyRequest;
  reply: FastifyReply;
  /** Records an audit entry in this transaction (actor, tenant, correlation id filled in). */
  audit(entry: AuditInput): Promise<void>;
  /**
   * Queues an event for the outbox; the command's events are written in one multi-row INSERT when
   * the handler returns, still inside its transaction (a failed command writes none). The payload
   * is serialized now, so later changes to the object do not leak into the event. Subject and
   * payload are typed by the event catalogue (contract/event-catalogue.ts).
   */
  emit: Emit;
  /** Sets the status of a successful answer (default 200). */
  status(code: number): void;
}

/**
 * What a handler may return for a route whose answer is `A`: the answer itself, or its JSON text
 * already written (`RawJson<A>`, server/api/raw-json.ts).
 */
export type Answer<A> = A | RawJson<A>;

export interface RouteDef<P = unknown, Q = unknown, B = unknown, A = unknown> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /**
   * The one access requirement of a route, always stated: a key of the permission matrix
   * (contract/permissions.ts, docs/api-conventions.md "Access"), 403 `forbidden` without it, or
   * `SIGNED_IN` for a route open to every signed-in user. A domain's routes take the key from their
   * contract's resource mapping (`ordersPermissions.orders.read`), the one the console asks too.
   * No role lists: who may call a route is read from the matrix only.
   */
  access: Access;
  params?: ZodType<P>;
  query?: ZodType<Q>;
  body?: ZodType<B>;
  /**
   * The whole JSON body of a successful answer (docs/api-conventions.md "Answers"), usually
   * `listAnswer(row)` or `oneAnswer(row)` of contract/api.ts. It types the handler's return, so a
   * handler or row mapper that drifts from the contract fails the typecheck; it is not checked at run
   * time (tests/server/answers.test.ts parses every seeded GET answer with it). Routes that answer
   * something else than JSON (CSV, PDF, SSE) declare none.
   */
  answer?: ZodType<A>;
  /**
   * Runs the handler without a transaction (streams, long work); ctx.tx is then the pool. A GET runs
   * without one too, but every statement of ctx.tx carries the tenant settings (`Db.reader`).
   */
  noTransaction?: boolean;
  /**
   * The answer for a caller without a Bearer token (docs/api-conventions.md: the flag defaults). Routes without
   * it answer 401; a token that is present but invalid is still refused.
   */
  anonymous?: () => unknown;
  /**
   * The row a command on one record changes, locked (`SELECT … FOR UPDATE`) in the command's
   * transaction before the handler runs (docs/reliability.md "Concurrent duplicates"). Two requests
   * at once for the same record — a double click, two tabs, a retry after a timeout — then run one
   * after the other: the second reads what the first committed and answers from that (404 when the
   * first deleted the record, 409 when its state no longer allows the command), so a change, its
   * audit row and its event happen once. Every non-GET route with an `:id` path parameter declares
   * it (tests/server/races.test.ts holds that), or says `lock: false` where it changes no row of its own.
   */
  lock?: RowLock<P> | false;
  /** Returns the answer's body (typed by `answer` when declared; never inferred from the handler). */
  handler(ctx: Ctx<P, Q, B>): Promise<Answer<NoInfer<A>>>;
}

export interface RowLock<P> {
  /** The tenant table holding the record (it has `tenant_id` and `id` columns). */
  table: string;
  /** The record's id among the path parameters (default `id`). */
  param?: keyof P & string;
  /** The record's name in the 404 answer ("Supplier" → "Supplier not found"). */
  what: string;
  /** How the table spells the id the path gives (order ids are stored upper-case). */
  normalize?: (id: string) => string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by `route()` when the route has an anonymous answer; read by the authenticate hook. */
    anonymous?: boolean;
  }
}

export function parse<T>(schema: ZodType<T> | undefined, value: unknown, where: 'body' | 'query' | 'params'): T {
  if (!schema) return value as T;
  const r = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (!r.success) throw validationError(where, r.error);
  return r.data;
}

export function authorize(auth: AuthInfo, def: Pick<RouteDef, 'access'>): void {
  if (!admits(auth.role, def.access)) throw forbidden();
}

export async function writeAudit(tx: Tx, auth: { tenantId: string; userId: string | null; email: string | null }, correlationId: string | undefined, e: AuditInput): Promise<void> {
  await tx.query(
    `insert into audit_log (tenant_id, actor_id, actor_email, action, resource, resource_id, before, after, correlation_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      auth.tenantId,
      auth.userId,
      auth.email,
      e.action,
      e.resource,
      e.resourceId == null ? null : String(e.resourceId),
      e.before === undefined ? null : JSON.stringify(e.before),
      e.after === undefined ? null : JSON.stringify(e.after),
      correlationId ?? null,
    ],
  );
}

export function route<P, Q, B, A>(app: FastifyInstance, db: Db, def: RouteDef<P, Q, B, A>): void {
  app.route({
    method: def.method,
    url: def.url,
    // `kit`: the declared schemas, listed by server/api/route-index.ts (405 answers, tests over every route)
    config: {
      anonymous: def.anonymous !== undefined,
      kit: { access: def.access, params: def.params, query: def.query, body: def.body, answer: def.answer, lock: def.lock === undefined ? undefined : def.lock ? def.lock.table : false },
    },
    handler: async (req, reply) => {
      const auth = req.auth;
      if (!auth) {
        if (def.anonymous) return reply.send(def.anonymous());
        throw new HttpError(401, 'unauthorized', 'Authentication required');
      }
      authorize(auth, def);
      const params = parse(def.params, req.params, 'params');
      const query = parse(def.query, req.query, 'query');
      const body = parse(def.body, req.body, 'body');
      let status = 200;
      const ids = { correlationId: req.correlationId, causationId: req.causationId };
      const run = async (tx: Tx) => {
        // emitted events wait for the end of the handler: one INSERT, and the ordering lock is
        // held only from there to commit instead of from the first emit
        const outbox = new CommandOutbox(auth.tenantId, ids);
        let audited = 0;
        let noops = 0;
        const ctx: Ctx<P, Q, B> = {
          tx,
          auth,
          params,
          query,
          body,
          req,
          reply,
          audit: async (e) => {
            // an update that found the record already as asked (a second identical PUT) changed nothing
            if (unchanged(e)) {
              noops += 1;
              return;
            }
            audited += 1;
            await writeAudit(tx, auth, req.correlationId, e);
          },
          emit: async (subject, payload) => {
            // without a transaction there is no "end of the command" to wait for: write at once
            if (def.noTransaction) await appendEvent(tx, auth.tenantId, subject, payload, ids);
            else outbox.add(subject, payload);
          },
          status: (c) => {
            status = c;
          },
        };
        if (def.lock && !def.noTransaction && def.method !== 'GET') await lockRow(tx, auth.tenantId, def.lock, params);
        const result = await def.handler(ctx);
        // audit and events only when something changed: a command whose every audit entry was a no-op
        // announces nothing either (docs/reliability.md "Concurrent duplicates")
        if (noops > 0 && audited === 0) outbox.clear();
        await outbox.flush(tx);
        return { status, body: result };
      };
      const txOpts = { tenantId: auth.tenantId, userId: auth.userId };
      const key = req.headers['idempotency-key'];
      let out: { status: number; body: unknown; replayed?: boolean };
      if (def.noTransaction) {
        out = await run(db);
      } else if (def.method === 'GET') {
        // reads: each statement with the tenant settings in one round trip (Db.reader)
        out = await run(db.reader(txOpts));
      } else if (typeof key === 'string' && key.length > 0) {
        out = await retryConflicts(() => withIdempotency(db, txOpts, { key, method: def.method, url: req.url, body: req.body, actor: auth.userId }, run));
      } else {
        out = await retryConflicts(() => db.transaction(run, txOpts));
      }
      // a write committed: the tenant's cached list totals are stale (docs/api-conventions.md "Lists")
      if (def.method !== 'GET') countsChanged(auth.tenantId);
      if (reply.sent) return reply;
      if (out.replayed) reply.header('Idempotent-Replayed', 'true');
      reply.code(out.status);
      if (out.body instanceof RawJson) return reply.type('application/json; charset=utf-8').send(out.body.text);
      return out.body === undefined ? reply.send() : reply.send(out.body);
    },
  });
}

/** Fields every write touches, whatever else it changed. */
const BOOKKEEPING = new Set(['updated_at', 'updated_by']);
const comparable = (v: unknown): unknown =>
  v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).filter(([k]) => !BOOKKEEPING.has(k))) : v;

/** An audit entry whose before and after are the same record, but for the time it was written. */
export function unchanged(e: AuditInput): boolean {
  if (e.before === undefined || e.after === undefined || e.before === null || e.after === null) return false;
  return JSON.stringify(comparable(e.before)) === JSON.stringify(comparable(e.after));
}

/** Locks the command's record for the rest of its transaction; 404 when it does not exist (or no longer does). */
async function lockRow<P>(tx: Tx, tenantId: string, lock: RowLock<P>, params: P): Promise<void> {
  const raw = (params as Record<string, unknown>)[lock.param ?? 'id'];
  const id = lock.normalize && typeof raw === 'string' ? lock.normalize(raw) : raw;
  if (!/^[a-z_]+$/.test(lock.table)) throw new Error(`route kit: bad lock table ${lock.table}`);
  const { rows } = await tx.query(`select 1 from ${lock.table} where tenant_id = $1 and id = $2 for update`, [tenantId, id]);
  if (rows.length === 0) throw notFound(lock.what);
}

/** SQLSTATEs after which the whole command may run again: it was rolled back and wrote nothing. */
const RETRYABLE = new Set(['40001', '40P01']);
const CONFLICT_ATTEMPTS = 3;

/**
 * Runs a command again when PostgreSQL rolled it back for a serialization failure or a deadlock
 * (two commands locking the same rows in another order): the retry reads the committed state. After
 * the last attempt the answer is 409 `conflict` (docs/reliability.md "Concurrent duplicates").
 */
export async function retryConflicts<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (e) {
      if (!RETRYABLE.has((e as { code?: string }).code ?? '')) throw e;
      if (n >= CONFLICT_ATTEMPTS) throw conflict('Another request changed the same records at the same time; reload and try again');
      await new Promise((r) => setTimeout(r, 10 * n + Math.random() * 20));
    }
  }
}

export function meta(): Meta {
  return { mocked: false, timestamp: new Date().toISOString(), source: 'api' as const };
}

export function list<T>(data: T[], total: number, limit: number, offset: number): ListResponse<T> {
  return { data, pagination: { total, limit, offset }, _meta: meta() };
}

export function one<T>(data: T): OneResponse<T> {
  return { data, _meta: meta() };
}
