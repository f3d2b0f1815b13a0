/**
 * What an embedded consumer knows of the log past its cursor, from the tail's windows (docs/events.md
 * "Consumers", "Quiet windows"): up to `to`, its matches are exactly `seqs`. A window none of whose
 * subjects match adds nothing to fetch; a window whose matching subjects are sparse (the tail listed
 * their sequences) adds those sequences; a window with a dense matching subject ends what is known,
 * and the consumer scans from there as before. Only what the tail saw is trusted, and only when it
 * joins what is already known, so a match is never passed over.
 */
import type { TailWindow } from './tail';

export interface FetchPlan {
  /** The matches to claim, ascending (possibly none). */
  seqs: number[];
  /** Where the cursor may move once they are claimed: no other match lies between. */
  to: number;
}

export class KnownMatches {
  private to = 0;
  private seqs: number[] = [];

  constructor(private readonly matches: (subject: string) => boolean) {}

  /** The tail's window (window.after, last]; `from` is where this consumer's fetches have got. */
  learn(window: TailWindow, last: number, from: number): void {
    const base = Math.max(this.to, from);
    if (this.to < from) this.forget();
    // a window that starts past what is known leaves a stretch nobody looked at: scan it
    if (window.after > base || last <= base) return;
    const found: number[] = [];
    for (const [subject, seqs] of window.subjects) {
      if (!this.matches(subject)) continue;
      if (seqs === null) return; // too many to list: the knowledge ends at `base`
      for (const s of seqs) if (s > base) found.push(s);
    }
    this.seqs = this.seqs.filter((s) => s > from).concat(found.sort((a, b) => a - b));
    this.to = last;
  }

  /** What to claim after `from`, at most `limit`; null when nothing is known past `from` (scan). */
  plan(from: number, limit: number): FetchPlan | null {
    if (this.to <= from) return null;
    const seqs = this.seqs.filter((s) => s > from).slice(0, limit);
    // a full claim stops at its last match: the known rest waits for the next round
    return { seqs, to: seqs.length === limit && limit > 0 ? seqs[seqs.length - 1] : this.to };
  }

  /** The furthest sequence up to which nothing after `from` matches: where an idle consumer stands. */
  idleTo(from: number): number {
    return this.to > from && !this.seqs.some((s) => s > from) ? this.to : from;
  }

  /** Forgets everything (a fetch that moved the cursor did not commit): the next fetch scans. */
  forget(): void {
    this.to = 0;
    this.seqs = [];
  }
}
