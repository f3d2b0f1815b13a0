// @vitest-environment jsdom
/**
 * docs/product/shell.md "States and transitions" (health badge), docs/product/constants.md (health): the badge reads Healthy under 500 ms, Degraded at 500 ms or more, Offline on a
 * non-ok answer, a failure or after the 5 s timeout; HEAD /health is polled every 30 s.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HealthProvider } from '../../src/shell/health/health-context';
import { StatusBadge } from '../../src/shell/health/status-badge';
import { healthEndpoint } from '../../src/shell/health/health-check';

type Answer = { status: number; afterMs: number } | { fail: true; afterMs: number };

/** A fetch that answers after `afterMs` of (fake) time and honours the abort signal. */
function fakeFetch(answers: Answer[]) {
  const calls: { url: string; method?: string }[] = [];
  const fn = (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), method: init?.method });
    const a = answers[Math.min(calls.length - 1, answers.length - 1)];
    return new Promise<Response>((resolve, reject) => {
      const t = setTimeout(() => ('fail' in a ? reject(new TypeError('Failed to fetch')) : resolve(new Response(null, { status: a.status }))), a.afterMs);
      init?.signal?.addEventListener('abort', () => {
        clearTimeout(t);
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
  };
  return { fetch: fn as typeof fetch, calls };
}

function renderBadge(answers: Answer[]) {
  const f = fakeFetch(answers);
  render(
    <HealthProvider endpoint="http://api.test/health" fetch={f.fetch} now={() => Date.now()}>
      <StatusBadge />
    </HealthProvider>,
  );
  return f;
}

const label = () => screen.getByTestId('status-badge').textContent;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('status badge', () => {
  it('is Healthy when ok under 500 ms', async () => {
    renderBadge([{ status: 200, afterMs: 499 }]);
    expect(label()).toBe('Checking...');
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(label()).toBe('Healthy');
  });

  it('is Degraded when ok at exactly 500 ms', async () => {
    renderBadge([{ status: 200, afterMs: 500 }]);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(label()).toBe('Degraded');
  });

  it('is Offline on a non-ok answer, however fast', async () => {
    renderBadge([{ status: 503, afterMs: 10 }]);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(label()).toBe('Offline');
  });

  it('is Offline when the check fails', async () => {
    renderBadge([{ fail: true, afterMs: 5 }]);
    await act(() => vi.advanceTimersByTimeAsync(5));
    expect(label()).toBe('Offline');
  });

  it('gives up after 5 s', async () => {
    renderBadge([{ status: 200, afterMs: 60_000 }]);
    await act(() => vi.advanceTimersByTimeAsync(4_999));
    expect(label()).toBe('Checking...');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(label()).toBe('Offline');
  });

  it('sends HEAD /health every 30 s and follows the new answer', async () => {
    const f = renderBadge([
      { status: 200, afterMs: 20 },
      { status: 200, afterMs: 800 },
    ]);
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(f.calls).toEqual([{ url: 'http://api.test/health', method: 'HEAD' }]);
    await act(() => vi.advanceTimersByTimeAsync(29_979));
    expect(f.calls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1 + 800));
    expect(f.calls).toHaveLength(2);
    expect(label()).toBe('Degraded');
  });
});

describe('health endpoint', () => {
  it('is /health at the root of the API base, never under /api', () => {
    expect(healthEndpoint('https://x.example.com')).toBe('https://x.example.com/health');
    expect(healthEndpoint('https://x.example.com/api/')).toBe('https://x.example.com/health');
  });
});
