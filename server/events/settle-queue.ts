/**
 * A consumer round's acks and naks, written as they come (group commit, docs/events.md "Consumers"):
 * one write at a time, each taking everything queued meanwhile, so a slow or hung handler does not
 * hold back the acks of the others. Once the loop is stopping nothing more is written: the rows stay
 * claimed and come back when their ack deadline passes.
 */
import { isDatabaseUnavailable } from '../db/unavailable';

/** Waits before a settle write is tried again after a lost connection (the last one repeats). */
const RETRY_MS = [50, 200, 500, 1000];

export class SettleQueue<T> {
  private readonly queue: T[] = [];
  private flushing: Promise<void> | null = null;
  private failed: { error: unknown } | null = null;

  constructor(
    private readonly write: (batch: T[]) => Promise<void>,
    private readonly stopping: () => boolean,
  ) {}

  push(result: T): void {
    this.queue.push(result);
    this.kick();
  }

  /** A write is under way or about to start. */
  get busy(): boolean {
    return this.flushing !== null;
  }

  /** Resolves once everything pushed is written (or the loop stopped); rejects with a failed write. */
  async drained(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.failed) throw this.failed.error;
  }

  // `flushing` is cleared once the flush has settled, never synchronously inside it: a flush that
  // finds the loop stopping returns at once, and clearing it there (before the caller stored the
  // promise) would leave a settled promise behind that `drained` would await forever, a microtask
  // loop that starves the process
  private kick(): void {
    if (this.flushing || this.failed) return;
    this.flushing = this.flush()
      .catch((error: unknown) => {
        this.failed = { error };
      })
      .finally(() => {
        this.flushing = null;
        if (this.queue.length > 0 && !this.stopping()) this.kick();
      });
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0 && !this.stopping()) await this.writeRetrying(this.queue.splice(0, this.queue.length));
  }

  /**
   * A write whose database connection was lost is tried again until the database answers or the
   * loop stops (docs/reliability.md "Background work"): the handlers' work is done, and an ack that
   * never landed would make the message come back after its ack deadline and be handled again. The
   * loop that waits here is the one that would claim it again, so on this process nothing is handled
   * twice. Safe to repeat: a settle only touches deliveries still claimed by the same attempt.
   */
  private async writeRetrying(batch: T[]): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.write(batch);
        return;
      } catch (e) {
        if (this.stopping() || !isDatabaseUnavailable(e)) throw e;
        await new Promise((r) => setTimeout(r, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]).unref());
      }
    }
  }
}
