/**
 * Pipelined JetStream publishing for the outbox relay (docs/performance.md "Events", docs/events.md "JetStream").
 * `js.publish` is a full request per message (its own timer, promise chain, JSON ack parse) and
 * cost ~4x the CPU of the message itself. Here a batch is published as plain NATS messages whose
 * reply subjects share ONE inbox subscription; each PubAck is matched by its reply token, and one
 * deadline covers the whole batch. The guarantee is the same as awaiting `js.publish` for each:
 * `publishAll` resolves only when JetStream has acknowledged (stored or, for a repeated
 * `Nats-Msg-Id`, recognised as duplicate) every message, and rejects on any error, no-responders
 * (stream missing) or timeout, so the relay never moves its position past an unstored event.
 */
import { createInbox, type MsgHdrs, type NatsConnection, type Subscription } from 'nats';

export interface OutMsg {
  subject: string;
  data: Uint8Array;
  headers: MsgHdrs;
}

interface Waiter {
  left: number;
  failed: string | null;
  done: (err: string | null) => void;
}

export class BatchPublisher {
  private readonly inbox = createInbox();
  private sub: Subscription | null = null;
  private next = 0;
  /** reply token → the batch it belongs to */
  private readonly pending = new Map<string, Waiter>();
  private readonly decoder = new TextDecoder();

  constructor(private readonly nc: NatsConnection, private readonly timeoutMs: number) {}

  private listen(): void {
    if (this.sub) return;
    this.sub = this.nc.subscribe(`${this.inbox}.*`, {
      callback: (err, m) => {
        if (err) return;
        const token = m.subject.slice(this.inbox.length + 1);
        const w = this.pending.get(token);
        if (!w) return; // answer after a timeout: the batch already failed
        this.pending.delete(token);
        const problem = this.ackProblem(m.data, m.headers);
        if (problem && !w.failed) w.failed = problem;
        if (--w.left === 0) w.done(w.failed);
      },
    });
  }

  /** A PubAck is `{"stream":…,"seq":…}`; an error is `{"error":{…}}`; no responders is a 503 status. */
  private ackProblem(data: Uint8Array, h: MsgHdrs | undefined): string | null {
    if (h?.hasError) return `${h.code} ${h.description}`.trim();
    if (data.length === 0) return 'empty JetStream reply';
    const text = this.decoder.decode(data);
    if (!text.includes('"error"')) return null;
    const parsed = JSON.parse(text) as { error?: { code?: number; description?: string } };
    return parsed.error ? `JetStream: ${parsed.error.description ?? parsed.error.code}` : null;
  }

  /** Publishes every message; resolves when all are acknowledged by JetStream. */
  async publishAll(msgs: OutMsg[]): Promise<void> {
    if (msgs.length === 0) return;
    this.listen();
    const tokens: string[] = [];
    let timer: NodeJS.Timeout | null = null;
    try {
      await new Promise<void>((resolve, reject) => {
        const w: Waiter = { left: msgs.length, failed: null, done: (e) => (e ? reject(new Error(e)) : resolve()) };
        timer = setTimeout(() => w.done(`no JetStream ack within ${this.timeoutMs} ms for ${w.left} of ${msgs.length} messages`), this.timeoutMs);
        for (const m of msgs) {
          const token = (this.next++).toString(36);
          tokens.push(token);
          this.pending.set(token, w);
          this.nc.publish(m.subject, m.data, { headers: m.headers, reply: `${this.inbox}.${token}` });
        }
      });
    } finally {
      if (timer) clearTimeout(timer);
      for (const t of tokens) this.pending.delete(t);
    }
  }

  /** Stops listening; batches still waiting fail at once (the relay keeps its position). */
  close(): void {
    this.sub?.unsubscribe();
    this.sub = null;
    for (const w of new Set(this.pending.values())) w.done('publisher closed');
    this.pending.clear();
  }
}
