/**
 * Signs in through the real magic-link flow (docs/product/shell.md, docs/product/auth-protocol.md §1–§2): the email on /auth,
 * "Send magic link", the link read from the dev mailbox (`GET /dev/mailbox.json?to=`), opened in the
 * SAME page — the PKCE verifier lives in this browser's storage.
 */
import { expect, type Page } from '@playwright/test';

interface Mail { id: number; to: string; link: string; created_at: string }

async function mails(page: Page, email: string): Promise<Mail[]> {
  const res = await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as Mail[];
}

const newestId = (list: Mail[]) => list.reduce((m, x) => Math.max(m, x.id), 0);

/** Requests a link from the sign-in form the page is on (or /auth) and returns the new link. */
export async function requestMagicLink(page: Page, email: string): Promise<string> {
  const before = newestId(await mails(page, email));
  if (!new URL(page.url()).pathname.startsWith('/auth')) await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByTestId('sent-to')).toHaveText(email);
  let link = '';
  await expect
    .poll(async () => {
      const fresh = (await mails(page, email)).filter((m) => m.id > before);
      link = fresh.sort((a, b) => b.id - a.id)[0]?.link ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

/** Full sign-in; resolves once the signed-in shell is on screen. */
export async function signIn(page: Page, email: string): Promise<void> {
  const link = await requestMagicLink(page, email);
  await page.goto(link);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
}

export const USERS = {
  seller: 'seller@demo.local',
  agent: 'agent@demo.local',
  admin: 'admin@demo.local',
} as const;

/**
 * The sessions this worker has signed in through the magic link, by email: the browser storage the
 * sign-in left (supabase-js keeps its session in localStorage).
 */
const sessions = new Map<string, { name: string; value: string }[]>();

/**
 * Opens `path` signed in as `email`, as a returning user would: with the session an earlier magic-link
 * sign-in of this worker left in the browser's storage, restored into this fresh context before the
 * app starts. The first call for an email, or one whose session the server no longer accepts (a
 * sign-out ends every session of the user), signs in through the real flow (`signIn`) and keeps the
 * session. Specs that test signing in itself call `signIn`.
 */
export async function signedIn(page: Page, email: string, path = '/dashboard'): Promise<void> {
  const saved = sessions.get(email);
  if (saved) {
    // once per tab: a reload later in the test keeps whatever the app has made of the session since
    await page.context().addInitScript((items) => {
      try {
        if (sessionStorage.getItem('e2e:restored')) return;
        sessionStorage.setItem('e2e:restored', '1');
        for (const { name, value } of items) localStorage.setItem(name, value);
      } catch {
        // about:blank has no storage
      }
    }, saved);
    await page.goto(path);
    const shell = page.getByRole('navigation', { name: 'Main navigation' });
    const signInForm = page.getByRole('button', { name: 'Send magic link' });
    await expect(shell.or(signInForm)).toBeVisible();
    if (await shell.isVisible()) return;
    sessions.delete(email);
  }
  await signIn(page, email);
  const origin = new URL(page.url()).origin;
  const state = await page.context().storageState();
  sessions.set(email, state.origins.find((o) => o.origin === origin)?.localStorage ?? []);
  if (path !== '/dashboard') await page.goto(path);
}
