/**
 * A lost database connection as the server tells it apart (docs/reliability.md): which errors are the
 * database's outage (server/db/unavailable.ts), the background retry of the writes that record a
 * failure, the settle queue that waits for the database instead of leaving acks unwritten, and a
 * batched round that lost its connection failing whole instead of one transaction per message.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { DatabaseUnavailableError, isDatabaseUnavailable, retryInBackground } from '../../server/db/unavailable';
import { SettleQueue } from '../../server/events/settle-queue';
import { batchedHandler } from '../../server/events/batching';
import type { EventMessage } from '../../server/events/types';

const dbError = (code: string, severity = 'ERROR') => Object.assign(new pg.DatabaseError('x', 1, 'error'), { code, severity });
const sysError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

describe('isDatabaseUnavailable', () => {
  it('knows a lost, ended or refused connection', () => {
    for (const e of [
      dbError('57P01', 'FATAL'), // terminating connection due to administrator command
      dbError('57P02', 'FATAL'),
      dbError('57P03', 'FATAL'), // the database system is starting up
      dbError('57P05', 'FATAL'), // idle-session timeout
      dbError('08006'),
      dbError('53300', 'FATAL'),
      sysError('ECONNREFUSED'),
      sysError('ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('timeout exceeded when trying to connect'),
      new AggregateError([sysError('ECONNREFUSED'), sysError('ECONNREFUSED')]),
      new DatabaseUnavailableError('lost', null),
      new Error('the batch failed', { cause: new Error('Connection terminated unexpectedly') }),
    ]) {
      expect(isDatabaseUnavailable(e), String((e as { code?: string }).code ?? e.message)).toBe(true);
    }
  });

  it('leaves every other error alone: a statement the server refused, a bug, a deadlock', () => {
    for (const e of [
      dbError('23505'),
      dbError('40001'),
      dbError('40P01'),
      dbError('42601'),
      dbError('08P01'), // protocol violation: a statement bound with the wrong number of parameters
      new Error('refused by the handler'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      new AggregateError([sysError('ECONNREFUSED'), new Error('other')]),
      'Connection terminated',
      null,
    ]) {
      expect(isDatabaseUnavailable(e)).toBe(false);
    }
  });
});

describe('retryInBackground', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tries again while the database is unreachable, and stops at the first success', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const fn = async () => {
      calls++;
      if (calls < 3) throw sysError('ECONNREFUSED');
    };
    const gaveUp = vi.fn();
    retryInBackground(fn, gaveUp, [10, 20, 40, 80]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(3);
    expect(gaveUp).not.toHaveBeenCalled();
  });

  it('gives up at once on another error, and after the last wait otherwise', async () => {
    vi.useFakeTimers();
    const gaveUp = vi.fn();
    retryInBackground(async () => {
      throw new Error('a bug');
    }, gaveUp, [10, 20]);
    await vi.advanceTimersByTimeAsync(100);
    expect(gaveUp).toHaveBeenCalledTimes(1);
    let calls = 0;
    const gaveUp2 = vi.fn();
    retryInBackground(async () => {
      calls++;
      throw sysError('ECONNREFUSED');
    }, gaveUp2, [10, 20]);
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toBe(2);
    expect(gaveUp2).toHaveBeenCalledTimes(1);
  });
});

describe('SettleQueue and a lost connection', () => {
  it('writes the acks once the database answers again, none lost', async () => {
    const written: number[][] = [];
    let down = 3;
    const q = new SettleQueue<number>(async (b) => {
      if (down-- > 0) throw new Error('Connection terminated unexpectedly');
      written.push(b);
    }, () => false);
    q.push(1);
    q.push(2);
    await q.drained();
    // the first batch was under way when the database went: it is written again, then the rest
    expect(written).toEqual([[1], [2]]);
  });

  it('stops trying once the loop stops, and reports the error', async () => {
    let stopping = false;
    let calls = 0;
    const q = new SettleQueue<number>(async () => {
      calls++;
      stopping = true;
      throw sysError('ECONNREFUSED');
    }, () => stopping);
    q.push(1);
    await expect(q.drained()).rejects.toThrow('ECONNREFUSED');
    expect(calls).toBe(1);
  });
});

describe('batchedHandler and a lost connection', () => {
  const msg = (seq: number) => ({ seq, tenantId: 't1', subject: 'x.y', data: {} }) as unknown as EventMessage;

  it('fails the whole group without handling each message alone', async () => {
    const one = vi.fn(async () => undefined);
    const handle = batchedHandler({
      max: 10,
      async many() {
        throw new DatabaseUnavailableError('The database connection was lost or refused', null);
      },
      one,
    });
    const results = await Promise.allSettled([1, 2, 3].map((n) => handle(msg(n))));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(one).not.toHaveBeenCalled();
  });
});
