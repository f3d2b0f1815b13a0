/**
 * docs/agents.md "Console": an agent opens /agents, runs Demand Forecasting now, and the new run
 * appears — finished on its card, and first in its run history (/agents?agent=demand), one more than
 * before, triggered by Run now.
 */
import { expect, test } from '@playwright/test';
import { signedIn, USERS } from './support/sign-in';
import { pageApi } from './support/page-api';

test('run the demand agent now and see the new run', async ({ page }) => {
  await signedIn(page, USERS.agent, '/agents');
  const api = await pageApi(page);
  const before = (await api.get<{ pagination: { total: number } }>('/agents/demand/runs?limit=1')).pagination.total;
  // a run queued by the schedule would make Run now answer "already waiting": let it finish first
  const card = page.locator('[data-agent="demand-forecasting"]');
  const run = card.getByRole('button', { name: 'Run now' });
  await expect(run).toBeEnabled({ timeout: 30_000 });
  await run.click();
  await expect(card).toContainText('Succeeded', { timeout: 30_000 });
  await expect(card).toContainText('Run now');
  await expect(card.getByRole('list', { name: 'Demand Forecasting key outputs' })).toContainText('Variants forecast');

  await card.getByRole('link', { name: 'Run history and settings' }).click();
  await expect(page).toHaveURL(/\/agents\?agent=demand/);
  const history = page.getByRole('table', { name: 'Run history' });
  await expect(page.getByText(`${before + 1} runs`)).toBeVisible({ timeout: 15_000 });
  await expect(history.locator('tbody tr').first()).toContainText(`Run now (${USERS.agent})`);
  await expect(history.locator('tbody tr').first()).toContainText('Succeeded');
});
