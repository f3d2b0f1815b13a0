// @vitest-environment jsdom
/** docs/product/shell.md, docs/product/data.md: staging / dev / production banner, configuration errors, the debug banner. */
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigErrorBanner, DebugBanner, EnvironmentBanner } from '../../src/shell/banners/banners';
import { CONFIG_HINT, configErrors, placeholderProblems } from '../../src/shell/banners/config-check';

const good = {
  apiBase: 'https://console.example.com',
  supabaseUrl: 'https://console.example.com',
  supabaseAnonKey: 'eyJhbGciOiJIUzI1NiJ9.a-long-enough-key',
  production: true,
};

afterEach(cleanup);

describe('environment banner', () => {
  it('reads "You are on STAGING" when the API base contains staging', () => {
    render(<EnvironmentBanner apiBase="https://staging.shop.example.com" />);
    expect(screen.getByTestId('environment-banner')).toHaveTextContent(/^You are on STAGING$/);
  });

  it('reads "NON-PRODUCTION" when the API base contains dev', () => {
    render(<EnvironmentBanner apiBase="https://api.dev.example.com" />);
    expect(screen.getByTestId('environment-banner')).toHaveTextContent(/^NON-PRODUCTION$/);
  });

  it('is absent in production', () => {
    render(<EnvironmentBanner apiBase="https://console.example.com" />);
    expect(screen.queryByTestId('environment-banner')).toBeNull();
  });
});

describe('configuration error banner', () => {
  it('is absent when the configuration is valid', () => {
    render(<ConfigErrorBanner config={good} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists every failed rule with the .env hint', () => {
    render(<ConfigErrorBanner config={{ apiBase: 'http://console.example.com', supabaseUrl: 'console.example.com', supabaseAnonKey: 'short', production: true }} />);
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent('The backend URL must start with http:// or https://');
    expect(banner).toHaveTextContent('The public backend key appears invalid (too short).');
    expect(banner).toHaveTextContent('The API base must use https in production.');
    expect(banner).toHaveTextContent(CONFIG_HINT);
    expect(CONFIG_HINT).toBe('Check your .env file and ensure all required variables are set.');
  });

  it('accepts plain http outside production and on loopback', () => {
    expect(configErrors({ ...good, apiBase: 'http://console.example.com', production: false })).toEqual([]);
    expect(configErrors({ ...good, apiBase: 'http://localhost:3000' })).toEqual([]);
  });

  it('start-up check names missing values and placeholder text', () => {
    expect(placeholderProblems({ ...good, apiBase: '', supabaseUrl: 'https://YOUR-PROJECT.supabase.co' })).toEqual([
      'API base is missing.',
      'Auth service URL contains placeholder text (YOUR-PROJECT).',
    ]);
    expect(placeholderProblems(good)).toEqual([]);
  });
});

describe('debug banner', () => {
  const at = (path: string) =>
    render(
      <MemoryRouter initialEntries={[path]}>
        <DebugBanner />
      </MemoryRouter>,
    );

  it('appears when debug=1', () => {
    at('/dashboard?debug=1');
    expect(screen.getByText(/Error reporting is in debug mode/)).toBeInTheDocument();
  });

  it('stays away otherwise', () => {
    at('/dashboard?debug=0');
    expect(screen.queryByText(/Error reporting is in debug mode/)).toBeNull();
  });
});
