/**
 * Accessibility corrections on antd's Table that no Table prop reaches (docs/shell.md
 * "Accessibility"), applied in one place for every page of the shell:
 * - a table area that scrolls sideways (`scroll.x`) can be reached and scrolled with the keyboard:
 *   it becomes a focusable, named region;
 * - the zero-height row rc-table measures column widths with is `aria-hidden` yet repeats the
 *   header's controls (the select-all checkbox, sorters): `inert` takes them out of the tab order.
 * A MutationObserver re-applies both as tables mount and re-render.
 */
import { useEffect } from 'react';

function scrollsSideways(el: HTMLElement): boolean {
  const overflow = getComputedStyle(el).overflowX;
  return overflow === 'auto' || overflow === 'scroll';
}

export function fixTables(root: ParentNode): void {
  for (const el of root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
    if (el.tabIndex === 0 || !scrollsSideways(el)) continue;
    el.tabIndex = 0;
    el.setAttribute('role', 'region');
    el.setAttribute('aria-label', 'Table, scrolls sideways');
  }
  for (const row of root.querySelectorAll<HTMLElement>('.ant-table-measure-row:not([inert])')) row.inert = true;
}

export function useTableA11y(): void {
  useEffect(() => {
    let frame = 0;
    const run = () => {
      frame = 0;
      fixTables(document);
    };
    const observer = new MutationObserver(() => {
      if (!frame) frame = requestAnimationFrame(run);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    run();
    return () => {
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
}
