/**
 * Large commands in slices (docs/api-conventions.md "Large commands in slices"). A command whose work
 * grows with its input (a bulk over 10,000 records) runs as several short transactions instead of one:
 * on PGlite's one connection each slice is one turn (server/db/turns.ts), so the requests of other
 * tenants that arrived meanwhile are served between two slices instead of after the whole command; on
 * PostgreSQL no transaction holds the rows of the whole bulk.
 *
 * The route declares `noTransaction` and hands its work to `slicedCommand`, which keeps what the route
 * kit gives a command: the Idempotency-Key is claimed first and the answer stored in the command's last
 * transaction (with its audit rows), so a replay executes nothing; each slice's events are written in
 * that slice's transaction, so an event exists exactly when its write committed. What the kit cannot
 * give a sliced command is all-or-nothing: a slice that committed stays committed if a later one fails.
 * Slices are therefore written to be run again — every change is conditional on the state it changes
 * (`… where status = 'pending' returning …`), so a retry (or a concurrent duplicate) reports what was
 * already done instead of doing it twice.
 */
import type { Db, Tx, TxOptions } from '../db';
import { CommandOutbox } from '../events/outbox';
import { writeAudit, type AuditInput, type Ctx } from './kit';
import { withIdempotency } from './idempotency';

/** A slice's emit: the same as a command's `ctx.emit`, written in the slice's transaction. */
export type SliceEmit = Ctx<unknown, unknown, unknown>['emit'];

/** Database time a slice aims at: on PGlite, about how long another tenant's request may wait behind one. */
export const SLICE_TARGET_MS: Record<Db['engine'], number> = { pglite: 100, postgres: 400 };
/** The first slice's size: small on PGlite, where its statements are planned and its pages read for the first time. */
const FIRST_SLICE: Record<Db['engine'], number> = { pglite: 50, postgres: 500 };
const MIN_SLICE = 20;
const MAX_SLICE = 5000;
/** SQLSTATEs after which a slice may run again: PostgreSQL rolled it back, it wrote nothing. */
const RETRYABLE = new Set(['40001', '40P01']);
const SLICE_ATTEMPTS = 3;

/** Slices outside a request too (a job's consumer): the tenant, and the ids its events carry. */
export interface SliceScope { tenantId: string; userId?: string; correlationId?: string; causationId?: string }

export interface Slices {
  /** Reads outside any slice, each statement with the tenant settings (`Db.reader`). */
  readonly reader: Tx;
  /**
   * Runs `fn` in its own transaction with the tenant settings; the events it emits are written in
   * that transaction. Run again (up to three times) when PostgreSQL rolls it back for a deadlock or
   * a serialization failure.
   */
  slice<T>(fn: (tx: Tx, emit: SliceEmit) => Promise<T>): Promise<T>;
  /**
   * Works through `items` in slices whose size adapts so each takes about `SLICE_TARGET_MS` of
   * database time (a slice's cost depends on the machine and on what else runs).
   */
  each<I>(items: readonly I[], fn: (tx: Tx, emit: SliceEmit, part: readonly I[]) => Promise<void>): Promise<void>;
}

export interface Slicer extends Slices {
  /** An audit entry, written in the command's last transaction. */
  audit(entry: AuditInput): void;
  /** The answer's status (200 unless set: 202 for a command that became a job). */
  respond(status: number): void;
}

/** Short transactions over a tenant's data (see above), for a command or a job. */
export function slices(db: Db, scope: SliceScope): Slices {
  const txOpts: TxOptions & { tenantId: string } = { tenantId: scope.tenantId, userId: scope.userId };
  const ids = { correlationId: scope.correlationId, causationId: scope.causationId };
  // how long the last slice held its transaction (from its first statement to its events written)
  let lastMs = 0;
  const slice = async <T>(fn: (tx: Tx, emit: SliceEmit) => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction(async (tx) => {
          const t0 = performance.now();
          const outbox = new CommandOutbox(scope.tenantId, ids);
          const emit: SliceEmit = async (subject, payload) => outbox.add(subject, payload);
          const r = await fn(tx, emit);
          await outbox.flush(tx);
          lastMs = performance.now() - t0;
          return r;
        }, txOpts);
      } catch (e) {
        if (attempt >= SLICE_ATTEMPTS || !RETRYABLE.has((e as { code?: string }).code ?? '')) throw e;
        await new Promise((r) => setTimeout(r, 10 * attempt + Math.random() * 20));
      }
    }
  };
  const target = SLICE_TARGET_MS[db.engine];
  return {
    reader: db.reader(txOpts),
    slice,
    async each(items, fn) {
      let size = FIRST_SLICE[db.engine];
      for (let i = 0; i < items.length; ) {
        const part = items.slice(i, i + size);
        await slice((tx, emit) => fn(tx, emit, part));
        i += part.length;
        // the next slice's size from this one's time, at most doubling or halving at a step
        const next = Math.round((size * target) / Math.max(lastMs, 1));
        size = Math.max(MIN_SLICE, Math.min(MAX_SLICE, size * 2, Math.max(Math.floor(size / 2), next)));
      }
    },
  };
}

/** Runs a sliced command (see above) and answers its result; a replayed Idempotency-Key answers the stored one. */
export async function slicedCommand<P, Q, B, R>(db: Db, ctx: Ctx<P, Q, B>, work: (s: Slicer) => Promise<R>): Promise<R> {
  const { auth, req } = ctx;
  const txOpts: TxOptions & { tenantId: string } = { tenantId: auth.tenantId, userId: auth.userId };
  const audits: AuditInput[] = [];
  let status = 200;
  const slicer: Slicer = {
    ...slices(db, { tenantId: auth.tenantId, userId: auth.userId, correlationId: req.correlationId, causationId: req.causationId }),
    audit: (e) => void audits.push(e),
    respond: (s) => void (status = s),
  };
  let result!: R;
  const finish = async (tx: Tx) => {
    for (const e of audits) await writeAudit(tx, auth, req.correlationId, e);
    return { status, body: result as unknown };
  };
  const key = req.headers['idempotency-key'];
  if (typeof key === 'string' && key.length > 0) {
    const out = await withIdempotency(db, txOpts, { key, method: req.method, url: req.url, body: req.body, actor: auth.userId }, finish, async () => {
      result = await work(slicer);
    });
    if (out.replayed) ctx.reply.header('Idempotent-Replayed', 'true');
    ctx.status(out.status);
    return out.body as R;
  }
  result = await work(slicer);
  await db.transaction(finish, txOpts);
  ctx.status(status);
  return result;
}
