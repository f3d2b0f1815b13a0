/**
 * Idempotency keys — DESIGN §4. Per tenant: key + request hash + response kept 24 h.
 * Same key + same request → stored response (no second write); other request → 422;
 * a duplicate while the first is still running → 409. The stored response is written in the
 * command's own transaction, so a crash leaves either both or neither.
 */
import { createHash } from 'node:crypto';
import type { Db, Tx, TxOptions } from '../db';
import { HttpError } from './errors';
import { IDEMPOTENCY_TTL_MS } from '../../contract/constants';

/** An in_progress claim older than this is taken to be from a crashed process. */
const STALE_CLAIM_MS = 60_000;

function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const o = value as Record<string, unknown>;
  return `{${Object.keys(o).sort().map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
}

export function requestHash(method: string, url: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${url.split('?')[0]}\n${canonical(body)}`).digest('hex');
}

interface Row { request_hash: string; state: string; response_status: number | null; response_body: unknown; created_at: string | Date }

export async function withIdempotency(
  db: Db,
  txOpts: TxOptions & { tenantId: string },
  req: { key: string; method: string; url: string; body: unknown },
  run: (tx: Tx) => Promise<{ status: number; body: unknown }>,
): Promise<{ status: number; body: unknown; replayed?: boolean }> {
  if (req.key.length > 255) throw new HttpError(400, 'validation_failed', 'Idempotency-Key is too long (max 255)');
  const hash = requestHash(req.method, req.url, req.body);
  // Phase 1: claim the key in its own short transaction (visible to concurrent duplicates).
  const claim = await db.transaction(async (tx) => {
    await tx.query(`delete from idempotency_keys where tenant_id = $1 and key = $2 and created_at < now() - ($3 || ' milliseconds')::interval`, [
      txOpts.tenantId,
      req.key,
      String(IDEMPOTENCY_TTL_MS),
    ]);
    const ins = await tx.query(
      `insert into idempotency_keys (tenant_id, key, request_hash, state) values ($1, $2, $3, 'in_progress')
       on conflict (tenant_id, key) do nothing returning key`,
      [txOpts.tenantId, req.key, hash],
    );
    if (ins.rows.length > 0) return { claimed: true as const };
    const { rows } = await tx.query<Row>(
      'select request_hash, state, response_status, response_body, created_at from idempotency_keys where tenant_id = $1 and key = $2',
      [txOpts.tenantId, req.key],
    );
    const row = rows[0];
    if (!row) return { claimed: false as const, retry: true as const };
    if (row.request_hash !== hash) {
      throw new HttpError(422, 'idempotency_key_reused', 'Idempotency-Key was already used with a different request');
    }
    if (row.state === 'done') return { claimed: false as const, stored: row };
    if (Date.now() - new Date(row.created_at).getTime() > STALE_CLAIM_MS) {
      await tx.query(`update idempotency_keys set created_at = now() where tenant_id = $1 and key = $2`, [txOpts.tenantId, req.key]);
      return { claimed: true as const };
    }
    throw new HttpError(409, 'idempotency_in_progress', 'A request with this Idempotency-Key is still being processed');
  }, txOpts);

  if (!claim.claimed) {
    if ('stored' in claim && claim.stored) {
      return { status: claim.stored.response_status ?? 200, body: claim.stored.response_body ?? undefined, replayed: true };
    }
    throw new HttpError(409, 'idempotency_in_progress', 'A request with this Idempotency-Key is still being processed');
  }
  // Phase 2: the command, and the stored answer in the same transaction.
  try {
    return await db.transaction(async (tx) => {
      const out = await run(tx);
      await tx.query(
        `update idempotency_keys set state = 'done', response_status = $3, response_body = $4 where tenant_id = $1 and key = $2`,
        [txOpts.tenantId, req.key, out.status, out.body === undefined ? null : JSON.stringify(out.body)],
      );
      return out;
    }, txOpts);
  } catch (e) {
    // the command failed and wrote nothing: release the key so the client may retry
    await db
      .transaction((tx) => tx.query(`delete from idempotency_keys where tenant_id = $1 and key = $2 and state = 'in_progress'`, [txOpts.tenantId, req.key]), txOpts)
      .catch(() => undefined);
    throw e;
  }
}
