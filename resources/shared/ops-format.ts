/** Small display formats of the ops screens — docs/product/constants.md "Display" (relative time as d/h/m ago or just now). */

/** Seconds as the largest unit and the next one: 0 → "0s", 75 → "1m 15s", 3600 → "1h", 90000 → "1d 1h". */
export function duration(totalSeconds: number | null | undefined): string {
  if (totalSeconds === null || totalSeconds === undefined || Number.isNaN(totalSeconds)) return '—';
  let rest = Math.max(0, Math.round(totalSeconds));
  const units: [string, number][] = [['d', 86_400], ['h', 3_600], ['m', 60], ['s', 1]];
  const values = units.map(([u, n]) => {
    const v = Math.floor(rest / n);
    rest -= v * n;
    return { u, v };
  });
  const first = values.findIndex((x) => x.v > 0);
  if (first === -1) return '0s';
  return values
    .slice(first, first + 2)
    .filter((x) => x.v > 0)
    .map((x) => `${x.v}${x.u}`)
    .join(' ');
}

/** ISO time → "just now", "5m ago", "3h ago", "2d ago" (docs/product/constants.md). */
export function ago(iso: string | null | undefined, now: number = Date.now()): string {
  if (!iso) return '—';
  const s = Math.floor((now - new Date(iso).getTime()) / 1000);
  if (s < 60) return 'just now';
  if (s < 3_600) return `${Math.floor(s / 60)}m ago`;
  if (s < 86_400) return `${Math.floor(s / 3_600)}h ago`;
  return `${Math.floor(s / 86_400)}d ago`;
}

/** 12345 → "12,345". */
export function count(n: number | null | undefined): string {
  return n === null || n === undefined || Number.isNaN(n) ? '—' : n.toLocaleString('en-US');
}

/** Milliseconds as the ops KPIs read them: 2816.5 → "2,817 ms", 60.63 → "61 ms", 4.24 → "4.2 ms". */
export function ms(n: number | null | undefined): string {
  if (n === null || n === undefined || Number.isNaN(n)) return '—';
  // as the KPI figures read (antd's Statistic groups thousands): whole ms from 10, a tenth below
  return `${n >= 10 ? Math.round(n).toLocaleString('en-US') : Math.round(n * 10) / 10} ms`;
}
