/**
 * A lost or refused database connection (docs/reliability.md): what the engine raises when the server
 * cannot reach PostgreSQL, or a connection it was using died — a restart, a failover,
 * `pg_terminate_backend`, `idle_session_timeout`, a pooler recycling connections, a network cut.
 * The API answers it 503 `database_unavailable` with `Retry-After` (server/app.ts) instead of a
 * generic 500, and the background loops log it and try again.
 */

/** The statement's connection was lost or could not be opened; the database may be back in a moment. */
export class DatabaseUnavailableError extends Error {
  readonly code = 'database_unavailable';
  constructor(
    message: string,
    cause: unknown,
    /** The connection went while COMMIT was under way: the transaction may or may not have committed. */
    readonly inDoubt = false,
  ) {
    super(message, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * SQLSTATEs that mean the connection is gone or refused rather than the statement wrong: class 08
 * (connection exception), 57P01 admin shutdown (`pg_terminate_backend`, a restart), 57P02 crash
 * shutdown, 57P03 cannot connect now (starting up, shutting down), 57P05 idle session timeout,
 * 53300 too many connections. Not 08P01 (protocol violation): a statement sent with more or fewer
 * parameters than it names is a bug of the caller, answered 500, never "retry shortly".
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '57P05', '53300']);
/** Socket errors of a connection that could not be opened or was cut. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'EAI_AGAIN']);
/** What `pg` says when the socket ended under it, or when it gave up waiting for one. */
const DRIVER_MESSAGES = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Query read timeout)/;

function isLostConnection(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  if (e instanceof DatabaseUnavailableError) return true;
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && (SQLSTATES.has(code) || (/^08[0-9A-Z]{3}$/.test(code) && code !== '08P01') || SOCKET_CODES.has(code))) return true;
  // several addresses tried at once (localhost on IPv4 and IPv6): every one refused
  if (e instanceof AggregateError && e.errors.length > 0 && e.errors.every(isLostConnection)) return true;
  return DRIVER_MESSAGES.test(e.message);
}

/** The error, or an error it wraps (`cause`, a few levels deep), is a lost or refused database connection. */
export function isDatabaseUnavailable(e: unknown): boolean {
  let cur: unknown = e;
  for (let depth = 0; depth < 5 && cur; depth++) {
    if (isLostConnection(cur)) return true;
    cur = cur instanceof Error ? (cur as { cause?: unknown }).cause : undefined;
  }
  return false;
}

/** Waits of `retryInBackground` (about a minute in all). */
export const BACKGROUND_RETRY_MS = [250, 500, 1000, 2000, 4000, 8000, 15_000, 30_000];

/**
 * Runs `fn` again in the background while it fails because the database cannot be reached, after
 * each wait of `delays` in turn; it gives up (calling `onGiveUp`) after the last, or at once on any
 * other error. For the small writes that put a failure on record (a released claim, a failed job),
 * whose caller has already answered. The timers do not keep the process alive.
 */
export function retryInBackground(fn: () => Promise<unknown>, onGiveUp: (e: unknown) => void = () => undefined, delays: readonly number[] = BACKGROUND_RETRY_MS): void {
  const attempt = (i: number) => {
    if (i >= delays.length) return;
    setTimeout(() => {
      fn().catch((e: unknown) => {
        if (isDatabaseUnavailable(e) && i + 1 < delays.length) attempt(i + 1);
        else onGiveUp(e);
      });
    }, delays[i]).unref();
  };
  attempt(0);
}
