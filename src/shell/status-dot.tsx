/**
 * A status dot with an optional label, and a count pill: the look of antd's `Badge` (status and
 * count) in plain elements and shell.css, for the top bar and the dashboard's cards — antd's Badge
 * brings its scroll-number animation and ribbon onto the first page (docs/performance.md "Delivery").
 */
import type { ReactNode } from 'react';

export type DotStatus = 'success' | 'processing' | 'default' | 'error' | 'warning';

export function StatusDot({ status, text }: { status: DotStatus; text?: ReactNode }) {
  return (
    <span className={`status-dot is-${status}`}>
      <span className="status-dot-mark" aria-hidden="true" />
      {text != null && <span className="status-dot-text">{text}</span>}
    </span>
  );
}

/** A count in a pill, `max+` above `max`; nothing when `showZero` is off and the count is 0. */
export function CountPill({ count, max = 99, title, showZero = false, className }: { count: number; max?: number; title?: string; showZero?: boolean; className?: string }) {
  if (count === 0 && !showZero) return null;
  return (
    <span className={`count-pill${className ? ` ${className}` : ''}`} title={title ?? String(count)}>
      {count > max ? `${max}+` : count}
    </span>
  );
}
