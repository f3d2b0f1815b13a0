// @vitest-environment jsdom
/**
 * docs/product/shell.md: the build-info overlay names the bundle's build and, when expanded, the running
 * server's version and commit from GET /health — the bundle is rebuilt only when client code changes, so
 * the two can differ and the pill alone must not be read as the server's.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { BuildInfo } from '../../src/shell/build-info';

afterEach(cleanup);

const props = { buildTag: 'v0.1.0-368ad13', commit: '368ad13', buildTime: '2026-11-27T01:20:00Z', version: '0.1.0', mode: 'production', healthEndpoint: 'https://x.example/health' };

/** The panel's value for a label (`dt` → its `dd`). */
function row(label: string): string {
  const panel = screen.getByRole('complementary', { name: 'Build information' });
  const dt = within(panel).getByText(label, { selector: 'dt' });
  return dt.nextElementSibling?.textContent ?? '';
}

describe('build-info overlay', () => {
  it("shows the bundle's commit, and the running server's version and commit once expanded", async () => {
    const asked: string[] = [];
    const fetchFn = (async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify({ status: 'ok', version: '0.1.0', commit: '77d6741', environment: 'production' }), { headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    render(
      <MemoryRouter initialEntries={['/orders']}>
        <BuildInfo {...props} fetchFn={fetchFn} />
      </MemoryRouter>,
    );
    const pill = screen.getByRole('button', { name: 'v0.1.0 · 368ad13' });
    // nothing is asked of the server until the panel opens
    expect(asked).toEqual([]);
    fireEvent.click(pill);
    expect(row('commit')).toBe('368ad13');
    expect(await screen.findByText('v0.1.0 · 77d6741')).toBeInTheDocument();
    expect(row('server')).toBe('v0.1.0 · 77d6741');
    expect(row('path')).toBe('/orders');
    expect(asked).toEqual(['https://x.example/health']);
  });

  it('says the server is unknown when /health does not answer', async () => {
    const fetchFn = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    render(
      <MemoryRouter>
        <BuildInfo {...props} fetchFn={fetchFn} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'v0.1.0 · 368ad13' }));
    expect(await screen.findByText('unknown')).toBeInTheDocument();
    expect(row('server')).toBe('unknown');
  });
});
