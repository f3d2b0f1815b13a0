/**
 * Turns on PGlite's one connection (docs/decisions.md "PGlite serves urgent work first"). Every call
 * (transaction, read, statement) takes a turn; an urgent waiter (the event tail, the first step of an
 * order's automation) goes before the others, in arrival order among its kind, and a waiter that has
 * waited AGED_MS goes before any later urgent one, so a stream of urgent work cannot starve the rest.
 * PostgreSQL has a pool of connections and needs none of this.
 */
export const AGED_MS = 1000;

interface Waiter {
  urgent: boolean;
  at: number;
  start(): void;
}

export class Turns {
  private busy = false;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  /** Resolves when it is this caller's turn; call the returned function when done. */
  take(urgent = false): Promise<() => void> {
    return new Promise((resolve) => {
      const w: Waiter = {
        urgent,
        at: this.now(),
        start: () => {
          let released = false;
          resolve(() => {
            if (released) return;
            released = true;
            this.done();
          });
        },
      };
      if (!this.busy) {
        this.busy = true;
        w.start();
      } else this.waiting.push(w);
    });
  }

  /** Callers waiting for a turn. */
  get queued(): number {
    return this.waiting.length;
  }

  private done(): void {
    const next = this.pick();
    if (next) next.start();
    else this.busy = false;
  }

  private pick(): Waiter | undefined {
    if (this.waiting.length === 0) return undefined;
    const oldest = this.waiting[0];
    const urgent = this.waiting.findIndex((w) => w.urgent);
    const i = urgent < 0 || this.now() - oldest.at >= AGED_MS ? 0 : urgent;
    return this.waiting.splice(i, 1)[0];
  }
}
