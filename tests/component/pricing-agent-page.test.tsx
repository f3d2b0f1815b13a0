// @vitest-environment jsdom
/**
 * /pricing/agent — Pricing Intelligence (docs/repricing.md "Pricing agent", "Console"): every figure
 * comes from `GET /pricing/agent` — per account the buy-box share (with the previous snapshot's and
 * the alert sentence), the average unit margin (integer cents shown as dollars), price changes and
 * proposals waiting; the totals above; the sales velocity per SKU; the charts' figures. No account,
 * no sale, no snapshot: each block says so. A failed load says so with a Retry that loads the page.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));
// the charts draw on canvas, which jsdom has not: the page's own figures (and the charts' labels) are under test
vi.mock('@ant-design/charts', () => ({
  Line: ({ data }: { data: { account: string; share: number }[] }) => <p data-testid="line-chart">{data.map((d) => `${d.account}:${d.share}`).join(',')}</p>,
  Column: ({ data }: { data: unknown[] }) => <p data-testid="column-chart">{data.length} bars</p>,
}));

import type { PricingAgent } from '../../contract/pricing';
import PricingAgentPage from '../../resources/pricing/pricing-agent-page';
import { fakeApi } from './support/fake-api';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';

vi.setConfig({ testTimeout: 60_000 });
pageTestHooks();

const AGENT: PricingAgent = {
  computed_at: '2026-11-23T10:00:00Z',
  marketplaces: [
    {
      marketplace_id: 'm1', marketplace_name: 'Amazon US', listings: 40, buy_box_share: 0.725, previous_buy_box_share: 0.85, average_margin_cents: 412,
      price_changes_7d: 6, proposals_waiting: 3, alert: 'Buy-box share on Amazon US fell 12.5 points to 72.5 %',
    },
    { marketplace_id: 'm2', marketplace_name: 'eBay Outlet', listings: 10, buy_box_share: 0.5, previous_buy_box_share: null, average_margin_cents: -150, price_changes_7d: 0, proposals_waiting: 0, alert: null },
  ],
  buy_box_history: [
    { marketplace_id: 'm1', at: '2026-11-22T10:00:00Z', buy_box_share: 0.85 },
    { marketplace_id: 'm1', at: '2026-11-23T09:00:00Z', buy_box_share: 0.725 },
    { marketplace_id: 'm2', at: '2026-11-23T09:00:00Z', buy_box_share: 0.5 },
  ],
  margin_impact: [
    { day: '2026-11-20', changes: 2, margin_change_cents: -257 },
    { day: '2026-11-22', changes: 1, margin_change_cents: 100 },
  ],
  top_movers: [
    { listing_id: 'l1', sku: 'LAMP-BLK', marketplace_name: 'Amazon US', old_price_cents: 2299, new_price_cents: 2149, reason: 'Lowered $1.50 to beat Acme at $21.50; floor $17.80 (MAP)', at: '2026-11-23T08:00:00Z' },
  ],
  proposals_waiting: 3,
  price_changes_7d: 6,
  velocity: [
    { sku: 'DESK-OAK', units_7d: 5, units_prior_7d: 2, units_30d: 18, units_prior_30d: 11 },
    { sku: 'MUG-RED', units_7d: 0, units_prior_7d: 1, units_30d: 3, units_prior_30d: 7 },
  ],
  alert_threshold_pp: 10,
};

const EMPTY: PricingAgent = { ...AGENT, marketplaces: [], buy_box_history: [], margin_impact: [], top_movers: [], velocity: [], proposals_waiting: 0, price_changes_7d: 0 };

/** The fake API's answer to `GET /pricing/agent`, switchable between calls. */
function api(first: { status?: number; body: unknown }) {
  const state = { answer: first };
  const fake = fakeApi([(c) => (c.method === 'GET' && c.path === '/pricing/agent' ? state.answer : undefined)]);
  return { ...fake, answer: (a: { status?: number; body: unknown }) => (state.answer = a) };
}

const render = () => renderConsole({ role: 'user', path: '/pricing/agent', route: '/pricing/agent', page: <PricingAgentPage /> });
/** A card of the page by its heading. */
const card = (title: string) => screen.getByText(title, { selector: 'h2' }).closest('.ant-card') as HTMLElement;
/** The cell texts of a table row, by its key. */
const row = (scope: HTMLElement, key: string) => [...(scope.querySelector(`tr[data-row-key="${key}"]`)?.querySelectorAll('td') ?? [])].map((td) => td.textContent);
/** A figure of the totals row, by its title (some titles are column headers too). */
const statistic = (title: string) =>
  [...document.querySelectorAll('.ant-statistic')].find((s) => s.querySelector('.ant-statistic-title')?.textContent === title)?.querySelector('.ant-statistic-content')?.textContent;

describe('/pricing/agent', () => {
  it('shows per account the buy-box share (was …), the margin in dollars and the alert; the totals; the SKU velocity; the charts’ figures', async () => {
    const fake = api({ body: { data: AGENT } });
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Pricing Intelligence' })).toBeInTheDocument();
    expect(await screen.findByText('Buy-box share on Amazon US fell 12.5 points to 72.5 %')).toBeInTheDocument();
    expect(fake.of('GET', '/pricing/agent').length).toBeGreaterThanOrEqual(1);
    // one alert only (eBay's is null), with the threshold of the answer
    expect(screen.getAllByText('Alert threshold: a drop of more than 10 points.')).toHaveLength(1);

    // per account, as the page formats them: shares in %, cents as dollars
    const accounts = card('Marketplaces');
    expect(row(accounts, 'm1')).toEqual(['Amazon US', '40', '72.5 % (was 85.0 %)', '$4.12', '6', '3']);
    expect(row(accounts, 'm2')).toEqual(['eBay Outlet', '10', '50.0 %', '-$1.50', '0', '0']);
    expect(within(accounts).getByRole('link', { name: '3' })).toHaveAttribute('href', '/pricing/propose?status=pending');

    // totals: 29 + 5 of 50 listings hold the buy box; −$2.57 + $1.00 of margin impact
    expect(statistic('Buy-box share')).toBe('68.0 %');
    expect(statistic('Proposals waiting')).toBe('3');
    expect(statistic('Price changes (7 days)')).toBe('6');
    expect(statistic('Margin impact (30 days, per unit)')).toBe('-$1.57');

    // the SKU velocity rows, in the server's order
    const velocity = card('Sales velocity');
    expect(row(velocity, 'DESK-OAK')).toEqual(['DESK-OAK', '5', '2', '18', '11']);
    expect(row(velocity, 'MUG-RED')).toEqual(['MUG-RED', '0', '1', '3', '7']);
    expect([...velocity.querySelectorAll('tbody tr[data-row-key]')].map((tr) => tr.getAttribute('data-row-key'))).toEqual(['DESK-OAK', 'MUG-RED']);

    const movers = card('Top movers (7 days)');
    expect(row(movers, 'l1-2026-11-23T08:00:00Z').slice(0, 4)).toEqual(['LAMP-BLK', 'Amazon US', '$22.99 → $21.49', 'Lowered $1.50 to beat Acme at $21.50; floor $17.80 (MAP)']);

    // the lazily loaded charts name their figures
    expect(await screen.findByLabelText('Buy-box share: Amazon US 72.5 % now, eBay Outlet 50.0 % now')).toBeInTheDocument();
    expect(screen.getByTestId('line-chart')).toHaveTextContent('Amazon US:85,Amazon US:72.5,eBay Outlet:50');
    expect(screen.getByLabelText('Unit margin change of applied proposals over 30 days: -$1.57')).toBeInTheDocument();
    expect(screen.getByLabelText('Units sold, last 30 days against the 30 before: DESK-OAK 18 vs 11, MUG-RED 3 vs 7')).toBeInTheDocument();
    expect(screen.queryByText('No marketplace linked')).not.toBeInTheDocument();
    // the buy-box alert is the page's only alert: no load error
    expect(screen.getAllByRole('alert').map((a) => a.querySelector('.ant-alert-message')?.textContent)).toEqual(['Buy-box share on Amazon US fell 12.5 points to 72.5 %']);
    expect(screen.queryByText(/Could not load/)).not.toBeInTheDocument();
  });

  it('says so when there is no account, no sale, no applied change and no snapshot', async () => {
    api({ body: { data: EMPTY } });
    render();
    expect(await screen.findByText('No marketplace linked')).toBeInTheDocument();
    expect(statistic('Buy-box share')).toBe('—');
    expect(statistic('Proposals waiting')).toBe('0');
    expect(statistic('Margin impact (30 days, per unit)')).toBe('$0.00');
    expect(within(card('Sales velocity')).getByText('No sales in the last 60 days')).toBeInTheDocument();
    expect(within(card('Top movers (7 days)')).getByText('No price applied in the last 7 days')).toBeInTheDocument();
    expect(await screen.findByText('No snapshot yet: the agent takes one after each marketplace sync and on every pricing sweep')).toBeInTheDocument();
    expect(screen.getByText('No approved proposal applied in the last 30 days')).toBeInTheDocument();
    expect(screen.queryByText(/Alert threshold/)).not.toBeInTheDocument();
    expect(screen.queryByText('Amazon US')).not.toBeInTheDocument();
    expect(screen.queryByTestId('line-chart')).not.toBeInTheDocument();
    expect(document.querySelectorAll('tr[data-row-key]')).toHaveLength(0);
  });

  it('a failed load says so with the reason and a Retry that loads the figures', async () => {
    const fake = api({ status: 403, body: { code: 'forbidden', message: 'Missing permission' } });
    render();
    const alert = (await screen.findByText('Could not load Pricing Intelligence')).closest('[role="alert"]') as HTMLElement;
    expect(alert).not.toBeNull();
    expect(alert).toHaveTextContent('You do not have permission to perform this action');
    // nothing of a loaded page under the error
    expect(screen.queryByText('Marketplaces')).not.toBeInTheDocument();
    expect(screen.queryByText('No marketplace linked')).not.toBeInTheDocument();

    fake.answer({ body: { data: AGENT } });
    fireEvent.click(within(alert).getByText('Retry').closest('button')!);
    expect(await screen.findByText('Buy-box share on Amazon US fell 12.5 points to 72.5 %')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Could not load Pricing Intelligence')).not.toBeInTheDocument());
    expect(row(card('Marketplaces'), 'm1')).toEqual(['Amazon US', '40', '72.5 % (was 85.0 %)', '$4.12', '6', '3']);
    expect(fake.of('GET', '/pricing/agent')).toHaveLength(2);
  });
});
