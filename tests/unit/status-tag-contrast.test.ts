/**
 * docs/shell.md "Accessibility": every status tag's text (src/shell/a11y.css) reaches 4.5:1 on the
 * background the console's antd theme (src/shell/theme.ts) gives that status — the same check axe
 * makes on the pages (WCAG AA, normal text).
 */
import { readFileSync } from 'node:fs';
import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { theme } from '../../src/shell/theme';

const css = readFileSync(new URL('../../src/shell/a11y.css', import.meta.url), 'utf8');
const tokens = antdTheme.getDesignToken(theme) as unknown as Record<string, string>;

function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [n >> 16, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The text colour a11y.css gives `.ant-tag-<status>`. */
function tagText(status: string): string {
  const rule = new RegExp(`\\.ant-tag-${status}\\b[^{]*\\{\\s*color:\\s*(#[0-9a-f]{6})`, 'i').exec(css);
  if (!rule) throw new Error(`a11y.css has no text colour for .ant-tag-${status}`);
  return rule[1];
}

describe('status tags', () => {
  it.each([
    ['success', 'colorSuccessBg'],
    ['warning', 'colorWarningBg'],
    ['error', 'colorErrorBg'],
    ['processing', 'colorInfoBg'],
  ])('%s text reaches 4.5:1 on its themed background', (status, bgToken) => {
    const ratio = contrast(tagText(status), tokens[bgToken]);
    expect(ratio, `${tagText(status)} on ${tokens[bgToken]}`).toBeGreaterThanOrEqual(4.5);
  });
});
