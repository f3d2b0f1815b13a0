// @vitest-environment jsdom
/**
 * docs/product/shell.md, docs/product/constants.md: transient errors retry automatically up to 2 times after 2 s then 4 s;
 * other errors wait for "Try Again"; the page shows route, name, message, category and the stack.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../providers/api';
import { ErrorBoundary } from '../../src/shell/error-boundary';
import { installDomShims } from './support/dom-shims';

/** Throws `error` while failing (React renders a failing tree twice, so renders are not counted). */
function flaky(error: Error) {
  const state = { failing: true };
  const Child = () => {
    if (state.failing) throw error;
    return <p>Loaded</p>;
  };
  return { Child, heal: () => (state.failing = false) };
}

const title = () => screen.getByText(/^(Retrying\.\.\.|Something went wrong)$/).textContent;

beforeEach(() => {
  installDomShims({ width: 1440 });
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('error boundary', () => {
  it('retries a retryable server error after 2 s and then 4 s, then gives up', async () => {
    const { Child } = flaky(new ApiError(503, 'Service Unavailable'));
    render(
      <ErrorBoundary route="/orders">
        <Child />
      </ErrorBoundary>,
    );
    expect(title()).toBe('Retrying...');
    expect(screen.getByText(/Retry attempt 1 of 2/)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_999));
    expect(screen.getByText(/Retry attempt 1 of 2/)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(title()).toBe('Retrying...');
    expect(screen.getByText(/Retry attempt 2 of 2/)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3_999));
    expect(screen.getByText(/Retry attempt 2 of 2/)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(title()).toBe('Something went wrong');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(title()).toBe('Something went wrong');
  });

  it('recovers when an automatic retry succeeds', async () => {
    const { Child, heal } = flaky(new TypeError('Failed to fetch'));
    render(
      <ErrorBoundary route="/products">
        <Child />
      </ErrorBoundary>,
    );
    expect(title()).toBe('Retrying...');
    heal();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.getByText('Loaded')).toBeInTheDocument();
  });

  it('does not retry other errors and shows their details until "Try Again"', async () => {
    const err = new ApiError(400, 'Bad filter');
    const { Child, heal } = flaky(err);
    render(
      <ErrorBoundary route="/suppliers?tier=1">
        <Child />
      </ErrorBoundary>,
    );
    expect(title()).toBe('Something went wrong');
    expect(screen.getByText('/suppliers?tier=1')).toBeInTheDocument();
    expect(screen.getByText('ApiError')).toBeInTheDocument();
    expect(screen.getByText('client')).toBeInTheDocument();
    expect(screen.getAllByText('Bad filter').length).toBeGreaterThan(0);
    const stack = document.querySelector('pre')?.textContent ?? '';
    expect(stack.split('\n').length).toBeLessThanOrEqual(5);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(title()).toBe('Something went wrong');
    heal();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Loaded')).toBeInTheDocument();
  });

  it('"Reload Application" reloads', () => {
    const onReload = vi.fn();
    const { Child } = flaky(new Error('boom'));
    render(
      <ErrorBoundary route="/x" onReload={onReload}>
        <Child />
      </ErrorBoundary>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reload Application' }));
    expect(onReload).toHaveBeenCalledOnce();
  });
});
