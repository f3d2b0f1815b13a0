/**
 * A titled panel for the first page after sign-in (the dashboard) and the shell: the look of antd's
 * Card without its module, which brings Tabs, Skeleton and their dependencies onto the first page
 * (docs/performance.md "Delivery"). The title is a level-2 heading under the page's h1.
 */
import { useId, type CSSProperties, type ReactNode } from 'react';

export function Panel({ title, extra, children, style }: { title: ReactNode; extra?: ReactNode; children: ReactNode; style?: CSSProperties }) {
  const id = useId();
  return (
    <section className="shell-panel" aria-labelledby={id} style={style}>
      <div className="shell-panel-head">
        <h2 id={id} className="shell-panel-title">{title}</h2>
        {extra && <div className="shell-panel-extra">{extra}</div>}
      </div>
      <div className="shell-panel-body">{children}</div>
    </section>
  );
}
