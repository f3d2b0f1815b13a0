/**
 * Idempotency keys — docs/api-conventions.md, docs/api-conventions.md. Per tenant: key + request hash + response kept 24 h.
 * Same key + same request → the stored response (no second write); another request → 422;
 * a duplicate while the first is still running → 409. The stored response is written in the
 * command's own transaction, so a crash leaves either both or neither.
 *
 * Two transactions on purpose: the claim (phase 1) commits before the command runs (phase 2), so a
 * duplicate on another connection or replica sees the `in_progress` row and gets 409 instead of
 * waiting on a lock. On PGlite (one connection, transactions serialised) a duplicate that arrives
 * while phase 2 runs waits for it and gets the replay; one that lands between the phases gets 409.
 * Either way there is exactly one write (docs/api-conventions.md).
 */
import { createHash } from 'node:crypto';
import type { Db, Tx, TxOptions } from '../db';
import { isDatabaseUnavailable, retryInBackground } from '../db/unavailable';
import { HttpError } from './errors';
import { IDEMPOTENCY_TTL_MS } from '../../contract/constants';

/** An in_progress claim older than this is taken to be from a crashed process. */
const STALE_CLAIM_MS = 60_000;
export const MAX_KEY_LENGTH = 255;
/** Waits between quick attempts to release a failed command's claim when the connection was lost, while the answer waits. */
const RELEASE_INLINE_MS = [50, 150];

export interface IdempotentRequest {
  key: string;
  method: string;
  url: string;
  body: unknown;
  /** The caller: a key reused by another user of the tenant is "another request" (422), never their answer. */
  actor: string;
}

export interface CommandResult { status: number; body: unknown }

function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const o = value as Record<string, unknown>;
  return `{${Object.keys(o).sort().map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
}

/** Fingerprint of a request: actor, method, path (no query) and the body with its keys sorted. */
export function requestHash(r: Omit<IdempotentRequest, 'key'>): string {
  return createHash('sha256').update(`${r.actor}\n${r.method} ${r.url.split('?')[0]}\n${canonical(r.body)}`).digest('hex');
}

interface Row { request_hash: string; state: string; response_status: number | null; response_body: unknown }

/** `since`: the claim's created_at as text (exact to the microsecond), so a release removes this claim and no later one. */
type Claim = { kind: 'claimed'; since: string } | { kind: 'stored'; row: Row } | { kind: 'vanished' };

const inProgress = () =>
  new HttpError(409, 'idempotency_in_progress', 'A request with this Idempotency-Key is still being processed', undefined, { 'retry-after': '1' });

async function claimKey(tx: Tx, tenantId: string, key: string, hash: string): Promise<Claim> {
  // expired keys of this tenant go first: the key may be reused after 24 h, and the table stays small
  await tx.query(`delete from idempotency_keys where tenant_id = $1 and created_at < now() - ($2 || ' milliseconds')::interval`, [
    tenantId,
    String(IDEMPOTENCY_TTL_MS),
  ]);
  const ins = await tx.query<{ since: string }>(
    `insert into idempotency_keys (tenant_id, key, request_hash, state) values ($1, $2, $3, 'in_progress')
     on conflict (tenant_id, key) do nothing returning created_at::text as since`,
    [tenantId, key, hash],
  );
  if (ins.rows.length > 0) return { kind: 'claimed', since: ins.rows[0].since };
  const { rows } = await tx.query<Row>(
    'select request_hash, state, response_status, response_body from idempotency_keys where tenant_id = $1 and key = $2',
    [tenantId, key],
  );
  const row = rows[0];
  // the holder failed and released the key between our insert and select: try once more
  if (!row) return { kind: 'vanished' };
  if (row.request_hash !== hash) {
    throw new HttpError(422, 'idempotency_key_reused', 'Idempotency-Key was already used with a different request');
  }
  if (row.state === 'done') return { kind: 'stored', row };
  // in_progress: take over a crashed holder's claim; of two takers racing, the second sees the renewed created_at
  const took = await tx.query<{ since: string }>(
    `update idempotency_keys set created_at = now()
     where tenant_id = $1 and key = $2 and state = 'in_progress' and created_at < now() - ($3 || ' milliseconds')::interval
     returning created_at::text as since`,
    [tenantId, key, String(STALE_CLAIM_MS)],
  );
  if (took.rows.length > 0) return { kind: 'claimed', since: took.rows[0].since };
  throw inProgress();
}

export async function withIdempotency(
  db: Db,
  txOpts: TxOptions & { tenantId: string },
  req: IdempotentRequest,
  run: (tx: Tx) => Promise<CommandResult>,
  /**
   * A sliced command's work (server/api/sliced.ts): its own short transactions, run once the key is
   * claimed and before `run`, which is then only the command's last transaction (audit, stored answer).
   */
  before?: () => Promise<void>,
): Promise<CommandResult & { replayed?: boolean }> {
  if (req.key.length > MAX_KEY_LENGTH) {
    throw new HttpError(400, 'validation_failed', `Idempotency-Key is too long (max ${MAX_KEY_LENGTH})`, [
      { field: 'Idempotency-Key', message: `At most ${MAX_KEY_LENGTH} characters`, code: 'too_big' },
    ]);
  }
  const hash = requestHash(req);
  // Phase 1: claim the key in its own short transaction (visible to concurrent duplicates).
  let claim = await db.transaction((tx) => claimKey(tx, txOpts.tenantId, req.key, hash), txOpts);
  if (claim.kind === 'vanished') claim = await db.transaction((tx) => claimKey(tx, txOpts.tenantId, req.key, hash), txOpts);
  if (claim.kind === 'stored') {
    return { status: claim.row.response_status ?? 200, body: claim.row.response_body ?? undefined, replayed: true };
  }
  if (claim.kind === 'vanished') throw inProgress();

  // Phase 2: the command, and the stored answer in the same transaction.
  try {
    if (before) await before();
    return await db.transaction(async (tx) => {
      const out = await run(tx);
      await tx.query(
        `update idempotency_keys set state = 'done', response_status = $3, response_body = $4 where tenant_id = $1 and key = $2`,
        [txOpts.tenantId, req.key, out.status, out.body === undefined ? null : JSON.stringify(out.body)],
      );
      return out;
    }, txOpts);
  } catch (e) {
    // the command failed and wrote nothing: release the key so the client may retry with it
    await releaseClaim(db, txOpts, req.key, claim.since);
    throw e;
  }
}

/**
 * Deletes a failed command's claim. Only that claim: one still `in_progress` with the same
 * created_at, so a command that committed after all (its connection went during COMMIT) keeps its
 * stored answer, and a later claim of the same key is never touched. When the database cannot be
 * reached, the release is tried again in the background until it can (docs/reliability.md): the
 * client's retry with the same key gets 409 `idempotency_in_progress` (Retry-After) meanwhile, never
 * for longer than the outage, and at worst the claim is taken over once it is STALE_CLAIM_MS old.
 */
async function releaseClaim(db: Db, txOpts: TxOptions & { tenantId: string }, key: string, since: string): Promise<void> {
  const release = () =>
    db.transaction(
      (tx) =>
        tx.query(`delete from idempotency_keys where tenant_id = $1 and key = $2 and state = 'in_progress' and created_at = $3::timestamptz`, [
          txOpts.tenantId,
          key,
          since,
        ]),
      txOpts,
    );
  // a connection lost to a restart often takes its neighbours in the pool a moment later: a few
  // quick tries before the answer goes out, so that the client's retry finds the key free
  for (let attempt = 0; ; attempt++) {
    try {
      await release();
      return;
    } catch (e) {
      if (!isDatabaseUnavailable(e)) return;
      if (attempt >= RELEASE_INLINE_MS.length) break;
      await new Promise((r) => setTimeout(r, RELEASE_INLINE_MS[attempt]));
    }
  }
  // the database is still unreachable: keep trying in the background, the answer goes out now
  retryInBackground(release);
}
