/**
 * `npm run bench:live` — what idle pages cost the API while events flow (docs/performance.md "Live
 * refresh", docs/events.md "Live routing"). Starts the compiled server (bench/support/server.ts) on a
 * fresh PGlite data dir with the sandbox clock ticking fast, signs in through the dev mailbox in
 * headless Chromium (as e2e/support/sign-in.ts does), then opens each page, lets it load, leaves it
 * untouched for IDLE_S seconds and counts the API requests it sends (the SSE stream aside).
 * Prints requests per minute per page and the endpoints asked most.
 * Options: IDLE_S=30 SETTLE_S=5 TICK_MS=1000 PAGES=/fulfillment,/dashboard BENCH_PORT=3183 BENCH_DIR=<tmp>.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { startServer, stopServer } from './support/server';

const PORT = Number(process.env.BENCH_PORT ?? 3183);
const IDLE_S = Number(process.env.IDLE_S ?? 30);
const SETTLE_S = Number(process.env.SETTLE_S ?? 5);
const TICK_MS = Number(process.env.TICK_MS ?? 1000);
const PAGES = (process.env.PAGES ?? '/fulfillment,/pricing/propose,/listings,/orders,/catalog?tab=violations,/dashboard').split(',').filter(Boolean);
const EMAIL = 'seller@demo.local';
const base = `http://127.0.0.1:${PORT}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The magic-link flow of e2e/support/sign-in.ts: the form, the link from the dev mailbox, opened in the same page. */
async function signIn(page: Page): Promise<void> {
  const mails = async () => (await (await page.request.get(`${base}/dev/mailbox.json?to=${encodeURIComponent(EMAIL)}`)).json()) as { id: number; link: string }[];
  const before = Math.max(0, ...(await mails()).map((m) => m.id));
  await page.goto(`${base}/auth`);
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  let link = '';
  for (let i = 0; i < 100 && !link; i++) {
    link = (await mails()).filter((m) => m.id > before).sort((a, b) => b.id - a.id)[0]?.link ?? '';
    if (!link) await sleep(100);
  }
  if (!link) throw new Error('no magic link in the dev mailbox');
  await page.goto(link);
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor({ timeout: 60_000 });
}

interface PageFigure { path: string; total: number; perMinute: number; top: [string, number][] }

async function measure(page: Page, path: string): Promise<PageFigure> {
  const counts = new Map<string, number>();
  let counting = false;
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (!counting || !u.pathname.startsWith('/api/') || u.pathname === '/api/stream') return;
    counts.set(u.pathname, (counts.get(u.pathname) ?? 0) + 1);
  });
  await page.goto(`${base}${path}`);
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor({ timeout: 60_000 });
  // the page's first load is not what is measured: only what it asks while left alone
  await sleep(SETTLE_S * 1000);
  counting = true;
  await sleep(IDLE_S * 1000);
  counting = false;
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3);
  return { path, total, perMinute: (total * 60) / IDLE_S, top };
}

async function main() {
  const dataDir = process.env.BENCH_DIR ?? mkdtempSync(join(tmpdir(), 'seller-bench-live-'));
  const server = await startServer({ engine: 'pglite', dataDir }, PORT, {
    SANDBOX_TICK_MS: String(TICK_MS),
    AUTH_EMAIL_MIN_INTERVAL_S: '0',
    AUTH_OTP_IP_LIMIT: '1000',
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
    const first = await context.newPage();
    await signIn(first);
    await first.close();
    const figures: PageFigure[] = [];
    for (const path of PAGES) {
      // a page of its own per path (the session is the context's storage): one page's queries do not linger into the next
      const page = await context.newPage();
      const f = await measure(page, path);
      await page.close();
      figures.push(f);
      console.log(`${path}: ${f.total} requests in ${IDLE_S} s (${f.perMinute.toFixed(0)}/min) ${f.top.map(([p, n]) => `${p} ${n}`).join(', ')}`);
    }
    console.log(`\nIdle pages, sandbox tick every ${TICK_MS} ms, ${IDLE_S} s each after ${SETTLE_S} s to load:\n`);
    console.log('| page | requests / min | most asked |');
    console.log('|---|---:|---|');
    for (const f of figures) console.log(`| \`${f.path}\` | ${f.perMinute.toFixed(0)} | ${f.top.map(([p, n]) => `${p} ${n}`).join(', ') || '—'} |`);
  } finally {
    await browser.close();
    await stopServer(server);
    if (!process.env.BENCH_DIR) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
