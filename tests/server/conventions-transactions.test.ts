/**
 * docs/api-conventions.md "One transaction per command, audit and outbox", at the route kit: routes built with
 * `route()` over the harness database (both engines), with a gate to hold a command mid-flight.
 * - a failed command leaves no audit row, no event and no partial write, and frees its key;
 * - a duplicate that arrives while the first request runs: 409 on PostgreSQL (the committed claim
 *   is visible to another connection); on PGlite (one connection, transactions serialised) it
 *   waits for the first to commit and gets its stored answer. Never a second write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { startServer, type Harness } from './harness';
import { kitApp } from './kit-app';
import { DEMO_TENANT } from './tokens';
import { SIGNED_IN } from '../../contract/permissions';
import { route } from '../../server/api/kit';
import { HttpError, conflict } from '../../server/api/errors';


let h: Harness;
let app: FastifyInstance;
let base: string;
let runs = 0;

function newGate() {
  let open!: () => void;
  let entered!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  const enteredP = new Promise<void>((r) => (entered = r));
  return { open, entered: enteredP, opened, signalEntered: entered };
}
let current: ReturnType<typeof newGate> | undefined;

beforeAll(async () => {
  h = await startServer();
  app = kitApp();
  app.setErrorHandler((err, _req, reply) =>
    err instanceof HttpError
      ? reply.code(err.status).send({ message: err.message, code: err.code, details: err.details ?? null })
      : reply.code(500).send({ message: 'Internal Server Error', code: 'internal', details: null }),
  );
  route(app, h.db, {
    method: 'POST',
    url: '/fails',
    access: SIGNED_IN,
    async handler({ tx, audit, emit, body }) {
      await tx.query(`insert into feature_flags (tenant_id, name, enabled) values ($1, 'tx_probe', true)`, [DEMO_TENANT.id]);
      await audit({ action: 'create', resource: 'tx_probe', after: body });
      await emit('flags.updated', { name: 'tx_probe', enabled: true, previous: false });
      if ((body as { sql?: boolean }).sql) await tx.query('select * from no_such_table');
      throw conflict('The command changed its mind');
    },
  });
  route(app, h.db, {
    method: 'POST',
    url: '/gated',
    access: SIGNED_IN,
    async handler({ audit, emit, status }) {
      runs++;
      await audit({ action: 'create', resource: 'gated' });
      await emit('flags.updated', { name: 'gated', enabled: true, previous: false });
      current?.signalEntered();
      await current?.opened;
      status(201);
      return { run: runs };
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(async () => {
  await app?.close();
  await h?.close();
});

const post = (path: string, body: unknown, key?: string, correlationId = randomUUID()) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-correlation-id': correlationId, ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify(body),
  });

const asTenant = <T>(sql: string, params: unknown[]) =>
  h.db.transaction(async (tx) => (await tx.query<T>(sql, params)).rows, { tenantId: DEMO_TENANT.id });

describe('one transaction per command', () => {
  it.each([
    ['an API error', { sql: false }, 409],
    ['a database error', { sql: true }, 500],
  ])('leaves no write, audit row or event when the command fails with %s', async (_what, body, status) => {
    const correlationId = randomUUID();
    const key = randomUUID();
    const res = await post('/fails', body, key, correlationId);
    expect(res.status).toBe(status);
    expect(await asTenant(`select 1 from feature_flags where name = 'tx_probe'`, [])).toEqual([]);
    expect(await asTenant('select 1 from audit_log where correlation_id = $1', [correlationId])).toEqual([]);
    expect(await asTenant('select 1 from events where correlation_id = $1', [correlationId])).toEqual([]);
    expect(await asTenant('select 1 from idempotency_keys where key = $1', [key])).toEqual([]);
  });
});

describe('a duplicate while the first request is still running', () => {
  it(process.env.TEST_DATABASE_URL ? 'is refused with 409 (PostgreSQL)' : 'waits and gets the stored answer (PGlite)', async () => {
    current = newGate();
    const key = randomUUID();
    const firstCid = randomUUID();
    const first = post('/gated', { n: 1 }, key, firstCid);
    await current.entered; // the first request has claimed the key and is inside its command
    const dupCid = randomUUID();
    const dup = post('/gated', { n: 1 }, key, dupCid);
    let dupSettled = false;
    void dup.then(() => (dupSettled = true));

    if (process.env.TEST_DATABASE_URL) {
      const refused = await dup;
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ code: 'idempotency_in_progress' });
      current.open();
      const done = await first;
      expect(done.status).toBe(201);
      const again = await post('/gated', { n: 1 }, key);
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await again.json()).toEqual(await done.json());
    } else {
      await new Promise((r) => setTimeout(r, 150));
      expect(dupSettled).toBe(false); // queued behind the first transaction
      current.open();
      const [done, replay] = await Promise.all([first, dup]);
      expect(done.status).toBe(201);
      expect(replay.status).toBe(201);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(await replay.json()).toEqual(await done.json());
    }
    expect(await asTenant('select 1 from audit_log where correlation_id = $1', [firstCid])).toHaveLength(1);
    expect(await asTenant('select 1 from audit_log where correlation_id = $1', [dupCid])).toEqual([]);
    expect(await asTenant(`select 1 from events where subject = 'flags.updated' and payload->>'name' = 'gated'`, [])).toHaveLength(1);
    current = undefined;
  });
});
