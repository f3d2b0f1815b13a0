/**
 * JavaScript a browser transfers for a first page (docs/performance.md "Delivery"): the encoded
 * (compressed) bytes of every script response, counted in Chromium from navigation until the page
 * is interactive and the network is idle. Shared by e2e/bundle-budget.spec.ts (the budget in
 * `npm test`) and bench/bundle.ts (`npm run bench:bundle`, the printed figures).
 */
import type { Browser, Page } from '@playwright/test';

/**
 * Compressed JavaScript allowed for each first page, in bytes (kB = 1000 bytes): /auth 120 kB,
 * /dashboard 300 kB (docs/performance.md "Delivery"). The budgets are the targets themselves.
 */
export const BUDGETS = { auth: 120_000, dashboard: 300_000 } as const;

export interface Transfer { bytes: number; files: { url: string; bytes: number }[] }

async function scriptsDuring(page: Page, run: () => Promise<void>): Promise<Transfer> {
  const pending: Promise<void>[] = [];
  const files: { url: string; bytes: number }[] = [];
  page.on('requestfinished', (req) => {
    if (req.resourceType() !== 'script') return;
    pending.push(req.sizes().then((s) => void files.push({ url: new URL(req.url()).pathname, bytes: s.responseBodySize })));
  });
  await run();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  return { bytes: files.reduce((n, f) => n + f.bytes, 0), files: files.sort((a, b) => b.bytes - a.bytes) };
}

async function newestLink(page: Page, baseURL: string, email: string, after: number): Promise<{ id: number; link: string } | null> {
  const res = await page.request.get(`${baseURL}/dev/mailbox.json?to=${encodeURIComponent(email)}`);
  const mails = (await res.json()) as { id: number; link: string }[];
  const fresh = mails.filter((m) => m.id > after).sort((a, b) => b.id - a.id)[0];
  return fresh ?? null;
}

/** /auth in a fresh browser context (empty cache) until the form can be used. */
export async function measureSignIn(browser: Browser, baseURL: string): Promise<Transfer> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const t = await scriptsDuring(page, async () => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Send magic link' }).waitFor();
  });
  await context.close();
  return t;
}

/** Signs in through the magic link, then opens /dashboard in a fresh context (empty cache) holding that session. */
export async function measureDashboard(browser: Browser, baseURL: string, email: string): Promise<Transfer> {
  const signIn = await browser.newContext({ baseURL });
  const page = await signIn.newPage();
  const before = (await newestLink(page, baseURL, email, 0))?.id ?? 0;
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  // the PKCE verifier is stored once the request has been answered
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  let mail = null;
  for (let i = 0; i < 100 && !mail; i++) {
    mail = await newestLink(page, baseURL, email, before);
    if (!mail) await page.waitForTimeout(100);
  }
  if (!mail) throw new Error(`no magic link for ${email}`);
  await page.goto(mail.link);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  const storageState = await signIn.storageState();
  await signIn.close();

  const context = await browser.newContext({ baseURL, storageState });
  const fresh = await context.newPage();
  const t = await scriptsDuring(fresh, async () => {
    await fresh.goto('/dashboard');
    await fresh.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });
  await context.close();
  return t;
}
