/**
 * Accessibility of every page (docs/shell.md "Accessibility"): axe on each route of the page
 * registry (resources/index.ts) with no serious or critical violation, and no allowance.
 *
 * Why one scan per route covers every role: a page's markup differs between roles only by what the
 * access decision (providers/access-control.ts `decide`) lets the role see — buttons, command menus,
 * links. Each route is therefore scanned once, as the highest role that may open it (the
 * administrator holds every permission, so sees every button any role could). What only a lower
 * role sees is scanned in that role's own pass: its shell (side navigation, top bar) on the
 * dashboard, and the Access Denied screen of a route it may not open. Routes come from the
 * registry, so a page added there is scanned without touching this file. Parameterised routes are
 * opened on a real record of the seeded store (`recordIds`).
 *
 * Cost: one sign-in per role, client-side navigation between pages (no app reload), and waits on
 * the page's own signals (h1, spinners, skeletons, running animations) instead of fixed sleeps.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { modules } from '../resources';
import { canParamsOf, routeTable, type RouteRow } from '../src/lib/registry-derive';
import { accessControlFor } from '../providers/access-control';
import { ROLES, type Role } from '../contract/roles';
import { pageApi } from './support/page-api';
import { signedIn, USERS } from './support/sign-in';

const EMAIL: Record<Role, string> = { user: USERS.seller, agent: USERS.agent, admin: USERS.admin };

const ROUTES = routeTable(modules);
const { decide } = accessControlFor(modules);
const mayOpen = (role: Role, row: RouteRow) => decide(role, canParamsOf(row)).can;
/** The role a route is scanned as: the highest that may open it. */
const scannedAs = (row: RouteRow): Role => [...ROLES].reverse().find((r) => mayOpen(r, row)) ?? 'admin';

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`).join('; ')})`);
}

/**
 * Opens the path with client-side navigation, as a click on a link would do (no reload of the app),
 * and waits until it is ready to scan: the shell keys each page by its pathname, so the page's h1 is
 * a new element once the route has rendered — the previous page's h1s are marked before leaving.
 * Then its lazy chunk and first data have arrived and nothing is mid-animation.
 */
async function open(page: Page, path: string) {
  const moved = await page.evaluate((to) => {
    if (`${location.pathname}${location.search}` === to) return false;
    for (const h of document.querySelectorAll('h1')) h.setAttribute('data-left', '');
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return true;
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
  await expect(page.locator(moved ? 'h1:not([data-left])' : 'h1').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Loading page...')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('[class*="-appear-active"], [class*="-enter-active"], [class*="-leave-active"]')).toHaveCount(0);
}

/**
 * A real record for each module with a `:id` route: the first row of the module's API list
 * (`GET /api/<module>`). A module whose list has another name or no rows opens on an unknown id,
 * which still scans its not-found state.
 */
async function recordIds(page: Page, rows: RouteRow[]): Promise<Record<string, string | undefined>> {
  const api = await pageApi(page);
  const ids: Record<string, string | undefined> = {};
  for (const module of new Set(rows.filter((r) => r.path.includes(':id')).map((r) => r.module))) {
    ids[module] = (await api.find<{ data?: { id: string }[] }>(`/${module}?limit=1`))?.data?.[0]?.id;
  }
  return ids;
}

/** Scans each path; returns "path: violation" lines. */
async function scan(page: Page, paths: string[], check?: (path: string) => Promise<void>): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await open(page, path);
    if (check) await check(path);
    for (const v of await seriousViolations(page)) found.push(`${path}: ${v}`);
  }
  return found;
}

const denied = (page: Page) => page.getByRole('heading', { level: 1, name: 'Access Denied' });

for (const role of [...ROLES].reverse()) {
  const own = ROUTES.filter((row) => scannedAs(row) === role);
  const refused = ROUTES.find((row) => !mayOpen(role, row));
  test(`as ${role}: ${own.length} route(s), the dashboard${refused ? ' and Access Denied' : ''} — no serious accessibility violation`, async ({ page }) => {
    test.setTimeout(600_000);
    await signedIn(page, EMAIL[role]);
    const ids = await recordIds(page, own);
    const paths = own.map((row) => row.path.replace(':id', ids[row.module] ?? 'missing'));
    const found = await scan(page, paths, async (path) => {
      await expect(denied(page), `${path} opens for ${role}`).toHaveCount(0);
    });
    if (!own.some((r) => r.path === '/dashboard')) found.push(...(await scan(page, ['/dashboard'])));
    if (refused) {
      found.push(
        ...(await scan(page, [refused.path.replace(':id', 'missing')], async () => {
          await expect(denied(page)).toBeVisible();
        })),
      );
    }
    expect(found).toEqual([]);
  });
}
