/**
 * A consumer round's acks and naks, written as they come (group commit, docs/events.md "Consumers"):
 * one write at a time, each taking everything queued meanwhile, so a slow or hung handler does not
 * hold back the acks of the others. Once the loop is stopping nothing more is written: the rows stay
 * claimed and come back when their ack deadline passes.
 */
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
    while (this.queue.length > 0 && !this.stopping()) await this.write(this.queue.splice(0, this.queue.length));
  }
}
