// @vitest-environment jsdom
/**
 * What the shell names (docs/product/routes-and-roles.md, docs/decisions.md): roles displayed as
 * User, Agent, Administrator in the top bar; the Diagnostics drawer's "Build mode" (this bundle) and
 * "Server environment" (GET /health, the Ops Console's value) shown side by side, each from its source.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { installDomShims } from './support/dom-shims';

vi.mock('../../providers/app-client', () => ({ apiClient: { url: (p = '') => `/api${p}` } }));

const { TopBar, roleLabel } = await import('../../src/shell/top-bar');
const { DiagnosticsDrawer } = await import('../../src/shell/diagnostics-drawer');
const { HealthProvider } = await import('../../src/shell/health/health-context');

beforeEach(() => {
  installDomShims({ width: 1440 });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('roles as users read them', () => {
  it('maps user, agent, admin to User, Agent, Administrator', () => {
    expect(['user', 'agent', 'admin'].map(roleLabel)).toEqual(['User', 'Agent', 'Administrator']);
  });

  it.each([
    ['admin', 'Administrator'],
    ['agent', 'Agent'],
    ['user', 'User'],
  ])('the top bar shows %s as %s', (role, label) => {
    const quiet = (async () => new Response(null, { status: 200 })) as unknown as typeof fetch;
    render(
      <MemoryRouter>
        <HealthProvider endpoint="http://api.test/health" fetch={quiet} now={() => 0}>
          <TopBar tenantName="Demo" email="a@demo.local" role={role} onOpenDiagnostics={() => {}} onSignOut={() => {}} signingOut={false} />
        </HealthProvider>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('user-role')).toHaveTextContent(new RegExp(`^${label}$`));
  });
});

describe('Diagnostics: build mode and server environment, both named', () => {
  it('shows the bundle mode as "Build mode" and GET /health\'s environment as "Server environment"', async () => {
    const fetchFn = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'HEAD'
        ? new Response(null, { status: 200 })
        : new Response(JSON.stringify({ status: 'ok', environment: 'development' }), { status: 200 }),
    ) as unknown as typeof fetch;
    render(
      <HealthProvider endpoint="http://api.test/health" fetch={fetchFn} now={() => 0}>
        <DiagnosticsDrawer open onClose={() => {}} stats={{ total: 0, mocked: 0, mockedPercent: 0, errorRate: 0 }} mode="production" version="1.2.3" email="a@demo.local" fetchFn={fetchFn} />
      </HealthProvider>,
    );
    expect(await screen.findByText('Build mode')).toBeInTheDocument();
    expect(screen.getByTestId('build-mode')).toHaveTextContent('production');
    expect(screen.getByText('Server environment')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('server-environment')).toHaveTextContent('development'));
    expect(screen.queryByText('Mode')).toBeNull();
    const get = vi.mocked(fetchFn).mock.calls.find(([, init]) => init?.method !== 'HEAD');
    expect(String(get?.[0])).toBe('http://api.test/health');
  });

  it('says Unknown when the server does not tell', async () => {
    const fetchFn = vi.fn(async () => new Response('{}', { status: 200 })) as unknown as typeof fetch;
    render(
      <HealthProvider endpoint="http://api.test/health" fetch={fetchFn} now={() => 0}>
        <DiagnosticsDrawer open onClose={() => {}} stats={{ total: 0, mocked: 0, mockedPercent: 0, errorRate: 0 }} mode="production" version="1.2.3" email={null} fetchFn={fetchFn} />
      </HealthProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('server-environment')).toHaveTextContent('Unknown'));
  });
});
