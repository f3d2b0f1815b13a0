// @vitest-environment jsdom
/**
 * The test DOM's lean style sheets (support/lean-styles.ts): an element hidden, transparent or
 * unclickable by a style rule is still so, the full text reads back, and what no test can observe
 * (colours, sizes, animations) is not parsed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { leanCss } from './support/lean-styles';

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

const CSS = `.menu-hidden{display:none;color:red}.ghost{opacity:0;margin:4px}.off{pointer-events:none}
@media screen{.gone{visibility:hidden !important;padding:1px}}@keyframes spin{from{opacity:0}to{opacity:1}}.paint{color:blue}`;

describe('lean style sheets in the test DOM', () => {
  it('keeps display, visibility, opacity and pointer-events with their selectors, order and priority', () => {
    const out = leanCss(CSS);
    expect(out).toContain('.menu-hidden{display:none}');
    expect(out).toContain('.ghost{opacity:0}');
    expect(out).toContain('.off{pointer-events:none}');
    expect(out).toMatch(/@media screen\{\.gone\{visibility:hidden !important\}\}/);
    expect(out).not.toMatch(/color|margin|padding|keyframes|\.paint/);
  });

  it('an element a rule hides is still hidden, and the style element reads back its full text', () => {
    const style = document.createElement('style');
    style.innerHTML = CSS;
    document.head.appendChild(style);
    document.body.innerHTML = '<ul class="menu-hidden"><li>Edit</li></ul><p class="ghost">x</p><p class="gone">y</p><p class="paint">z</p>';
    expect(document.querySelector('.menu-hidden li')).not.toBeVisible();
    expect(document.querySelector('.ghost')).not.toBeVisible();
    expect(document.querySelector('.gone')).not.toBeVisible();
    expect(document.querySelector('.paint')).toBeVisible();
    expect(style.innerHTML).toBe(CSS);
    expect(getComputedStyle(document.querySelector('.paint')!).color).not.toBe('blue');
  });

  it('CSS it cannot parse is left as it was', () => {
    expect(leanCss('}}} not css {{{')).toBe('}}} not css {{{');
  });
});
