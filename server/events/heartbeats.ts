/**
 * Heartbeats of the runtime's background workers into agent_heartbeats (ops summary agent_health).
 * A worker reports healthy or degraded itself; a missing beat turns it degraded after 3 intervals
 * and offline after 6 (computed when read, so a dead replica shows up without anyone writing).
 */
import { hostname } from 'node:os';
import type { Db } from '../db';

export interface Worker { name: string; kind: string; status(): { status: 'healthy' | 'degraded'; details: Record<string, unknown> } }

export const REPLICA = `${hostname()}:${process.pid}`;

export class Heartbeats {
  private timer: NodeJS.Timeout | null = null;
  private readonly workers: Worker[] = [];

  constructor(private readonly db: Db, private readonly intervalMs: number, private readonly onError: (e: unknown) => void) {}

  add(w: Worker): void {
    this.workers.push(w);
  }

  start(): void {
    void this.beat();
    this.timer = setInterval(() => void this.beat(), this.intervalMs);
    this.timer.unref();
  }

  async stop(markOffline: boolean): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (!markOffline) return;
    await this.db
      .query(`update agent_heartbeats set status = 'offline' where replica = $1 and name = any($2::text[])`, [REPLICA, this.workers.map((w) => w.name)])
      .catch(() => undefined);
  }

  private beating = false;

  /** Writes every worker's row; a beat that is still writing (a slow database) is not overlapped. */
  async beat(): Promise<void> {
    if (this.beating) return;
    this.beating = true;
    try {
      for (const w of this.workers) {
        const s = w.status();
        await this.db.query(
          `insert into agent_heartbeats (name, kind, status, last_heartbeat, replica, details) values ($1, $2, $3, now(), $4, $5)
           on conflict (name) do update set kind = excluded.kind, status = excluded.status, last_heartbeat = now(),
             replica = excluded.replica, details = excluded.details`,
          [w.name, w.kind, s.status, REPLICA, JSON.stringify(s.details)],
        );
      }
    } catch (e) {
      this.onError(e);
    } finally {
      this.beating = false;
    }
  }
}

export async function agentHealth(db: Db, intervalMs: number) {
  const { rows } = await db.query<{ name: string; kind: string; status: string; last_heartbeat: string | Date; replica: string; details: unknown }>(
    'select name, kind, status, last_heartbeat, replica, details from agent_heartbeats order by name',
  );
  const out: Record<string, { status: 'healthy' | 'degraded' | 'offline'; last_heartbeat: string; kind: string; replica: string; details: unknown }> = {};
  const now = Date.now();
  for (const r of rows) {
    const last = new Date(r.last_heartbeat).getTime();
    const age = now - last;
    let status = r.status as 'healthy' | 'degraded' | 'offline';
    if (age > 6 * intervalMs) status = 'offline';
    else if (age > 3 * intervalMs && status === 'healthy') status = 'degraded';
    out[r.name] = { status, last_heartbeat: new Date(last).toISOString(), kind: r.kind, replica: r.replica, details: r.details };
  }
  return out;
}
