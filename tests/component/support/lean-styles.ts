/**
 * Keeps only the CSS a test can observe. jsdom computes an element's style by matching it against
 * every rule of every style sheet, and antd injects thousands of rules at run time: the component
 * suite spent most of its time in that matching (testing-library's role queries and jest-dom's
 * toBeVisible ask for computed styles of each element and its ancestors). jsdom only resolves a few
 * properties; the ones tests read — whether an element is displayed, visible, transparent or
 * clickable, and its white-space — are kept, every other declaration of a style element's text is
 * dropped before jsdom parses it. The cascade of the kept properties is unchanged (same selectors,
 * same order, same !important), so what a test sees visible or hidden is what it saw before.
 */
import postcss from 'postcss';

const KEPT = new Set(['display', 'visibility', 'opacity', 'pointer-events', 'white-space']);
const lean = new Map<string, string>();

/** The CSS text with only the declarations of the kept properties (rules left empty are dropped). */
export function leanCss(css: string): string {
  let out = lean.get(css);
  if (out !== undefined) return out;
  try {
    const root = postcss.parse(css);
    root.walkAtRules((a) => {
      if (a.name.endsWith('keyframes') || a.name === 'font-face') a.remove();
    });
    root.walkDecls((d) => {
      if (!KEPT.has(d.prop.toLowerCase())) d.remove();
    });
    root.walkRules((r) => {
      if (!r.nodes.length) r.remove();
    });
    root.walkAtRules((a) => {
      if (a.nodes && !a.nodes.length) a.remove();
    });
    out = root.toString();
  } catch {
    out = css; // jsdom gets what it would have got
  }
  lean.set(css, out);
  return out;
}

/** Style elements keep their full text for whoever reads it back; jsdom parses the lean text. */
export function installLeanStyles(): void {
  const inner = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');
  if (!inner?.get || !inner.set || Object.getOwnPropertyDescriptor(HTMLStyleElement.prototype, 'innerHTML')) return;
  const { get, set } = inner;
  const written = new WeakMap<Element, { full: string; lean: string }>();
  Object.defineProperty(HTMLStyleElement.prototype, 'innerHTML', {
    configurable: true,
    get(this: HTMLStyleElement) {
      const now = get.call(this) as string;
      const w = written.get(this);
      return w && w.lean === now ? w.full : now;
    },
    set(this: HTMLStyleElement, value: unknown) {
      const full = String(value);
      const text = leanCss(full);
      set.call(this, text);
      written.set(this, { full, lean: get.call(this) as string });
    },
  });
}
