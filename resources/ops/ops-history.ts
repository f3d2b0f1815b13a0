/**
 * The small in-memory history of the ops console (brief: lag and pending over the polls): one sample
 * per successful poll, newest last, at most HISTORY_SIZE (30 polls ≈ 5 minutes at 10 s). Kept in the
 * page only; it starts empty on every visit.
 */
export interface OpsSample {
  at: number;
  pending: number;
  lag: number;
}

export const HISTORY_SIZE = 30;

export function appendSample(history: readonly OpsSample[], sample: OpsSample, max = HISTORY_SIZE): OpsSample[] {
  // the same poll seen twice (re-render, focus refetch of unchanged data) is one sample
  if (history.at(-1)?.at === sample.at) return [...history];
  return [...history, sample].slice(-max);
}
