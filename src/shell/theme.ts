/**
 * The console's look (docs/shell.md): one antd theme. A dark navigation rail, a light work surface,
 * one accent colour, and a type scale where page titles, card titles and body text differ clearly.
 */
import type { ThemeConfig } from 'antd';

export const BRAND = { name: 'Seller Console', tagline: 'Dropshipping Automation' } as const;

export const palette = {
  primary: '#3b5bdb',
  navBg: '#111827',
  navText: '#cbd5e1',
  navMuted: '#64748b',
  navActiveBg: '#1f2a44',
  surface: '#f4f6fb',
  border: '#e5e7eb',
} as const;

export const theme: ThemeConfig = {
  token: {
    colorPrimary: palette.primary,
    colorInfo: palette.primary,
    colorSuccess: '#2f9e44',
    // antd derives a grey-green #d1ded1 background from this seed, on which the success tags' dark
    // text (a11y.css) stays under 4.5:1; the pale green of the same hue keeps it readable
    colorSuccessBg: '#ebfbee',
    colorWarning: '#f08c00',
    colorError: '#e03131',
    colorBgLayout: palette.surface,
    colorBorderSecondary: palette.border,
    // antd's default greys (45 % black) fail WCAG AA contrast on the light surfaces
    colorTextSecondary: '#4b5563',
    colorTextDescription: '#4b5563',
    colorTextTertiary: '#5b6472',
    borderRadius: 8,
    fontFamily:
      "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    fontSize: 14,
  },
  components: {
    Layout: { headerBg: '#ffffff', headerHeight: 60, headerPadding: '0 20px', siderBg: palette.navBg, bodyBg: palette.surface },
    Card: { headerFontSize: 15 },
    Typography: { titleMarginBottom: 0 },
    Button: { fontWeight: 500 },
  },
};
