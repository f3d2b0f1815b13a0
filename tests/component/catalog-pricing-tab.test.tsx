// @vitest-environment jsdom
/**
 * The Catalog's Pricing tab (docs/repricing.md): the rules and the proposals waiting, counted by the
 * server (the lists' totals, the proposals asked with status=pending), with the pages that act on
 * them; a failed read says so with a Retry that reads again.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));

import { PricingTab } from '../../resources/catalog/pricing-tab';
import { fakeApi, listOf } from './support/fake-api';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';

pageTestHooks();

const statistic = (title: string) => screen.getByText(title).closest('.ant-statistic')?.querySelector('.ant-statistic-content-value')?.textContent;

describe('Catalog › Pricing', () => {
  it('shows how many rules there are and how many proposals wait, with links to act on them', async () => {
    const fake = fakeApi([
      (c) => (c.method === 'GET' && c.path === '/pricing/rules' ? { body: listOf([{ id: 'r1' }], 3) } : undefined),
      (c) => (c.method === 'GET' && c.path === '/pricing/proposals' ? { body: listOf([{ id: 'p1' }], 1250) } : undefined),
    ]);
    renderConsole({ role: 'user', path: '/catalog', route: '/catalog', page: <PricingTab /> });
    await waitFor(() => expect(statistic('Waiting for approval')).toBe('1,250'));
    expect(statistic('Rules')).toBe('3');
    expect(fake.of('GET', '/pricing/proposals')[0].query.get('status')).toBe('pending');
    expect(screen.getByRole('link', { name: 'Review proposals' })).toHaveAttribute('href', '/pricing/propose');
    expect(screen.getByRole('link', { name: 'Manage rules' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByText(/arrives with the repricer/)).toBeNull();
  });

  it('says when no rule exists yet', async () => {
    fakeApi([
      (c) => (c.method === 'GET' && c.path === '/pricing/rules' ? { body: listOf([], 0) } : undefined),
      (c) => (c.method === 'GET' && c.path === '/pricing/proposals' ? { body: listOf([], 0) } : undefined),
    ]);
    renderConsole({ role: 'user', path: '/catalog', route: '/catalog', page: <PricingTab /> });
    expect(await screen.findByText('No rule yet: no listing is repriced until one governs it.')).toBeInTheDocument();
  });

  it('a failed read says so, and Retry reads again', async () => {
    let fail = true;
    const fake = fakeApi([
      (c) => (c.method === 'GET' && c.path === '/pricing/rules' ? (fail ? { status: 500, body: { code: 'internal', message: 'Boom' } } : { body: listOf([], 2) }) : undefined),
      (c) => (c.method === 'GET' && c.path === '/pricing/proposals' ? { body: listOf([], 4) } : undefined),
    ]);
    renderConsole({ role: 'user', path: '/catalog', route: '/catalog', page: <PricingTab /> });
    expect(await screen.findByText('Could not load the pricing figures', {}, { timeout: 10_000 })).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(statistic('Rules')).toBe('2'));
    expect(fake.of('GET', '/pricing/rules').length).toBeGreaterThan(1);
  });
});
