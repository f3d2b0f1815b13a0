/**
 * Users and invitations end to end (docs/governance.md "Users and invitations"): an administrator
 * invites an address as User from Access Control; the invitation mail in the dev mailbox leads to
 * the sign-in page, where the address now gets a magic link and signs in to the app; the
 * administrator makes them an Administrator, and after a reload their menu shows Governance.
 */
import { expect, test } from '@playwright/test';
import { requestMagicLink, signedIn, USERS } from './support/sign-in';

const PAGE_LOAD = { timeout: 30_000 };

test('an invited person signs in through the mailbox, and a role change changes their menu', async ({ page, browser }) => {
  const email = `invitee-${Date.now()}@example.com`;
  await signedIn(page, USERS.admin, '/governance');
  await page.getByRole('button', { name: 'Invite user' }).click(PAGE_LOAD);
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('radio', { name: /^User/ }).check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();

  // the invited person, in a browser of their own
  const theirs = await (await browser.newContext()).newPage();
  const mails = (await (await theirs.request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as { subject: string; link: string }[];
  expect(mails.map((m) => m.subject)).toEqual(['You are invited to Seller Console']);
  await theirs.goto(mails[0].link);
  await theirs.goto(await requestMagicLink(theirs, email));
  const nav = theirs.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toBeVisible(PAGE_LOAD);
  await expect(nav.getByRole('link', { name: 'Governance' })).toHaveCount(0);

  // the administrator sees them joined, and makes them an Administrator
  await page.reload();
  const row = page.getByRole('row', { name: new RegExp(email) });
  await expect(row.getByText('Active')).toBeVisible(PAGE_LOAD);
  await row.getByRole('button', { name: `Change role of ${email}` }).click();
  const change = page.getByRole('dialog', { name: `Change the role of ${email}` });
  await change.getByRole('radio', { name: /^Administrator/ }).check();
  await change.getByRole('button', { name: 'Change role' }).click();
  await expect(page.getByText(`${email} is now an Administrator`)).toBeVisible();

  await theirs.reload();
  await expect(nav.getByRole('link', { name: 'Governance' })).toBeVisible(PAGE_LOAD);
});
