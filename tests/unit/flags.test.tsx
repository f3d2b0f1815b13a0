// @vitest-environment jsdom
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FlagsProvider, mergeFlags, useFlags } from '../../providers/flags';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function Probe() {
  const { flags, loading } = useFlags();
  return (
    <p data-testid="probe">
      {loading ? 'loading' : 'ready'} {flags.enableBetaFeatures ? 'beta-on' : 'beta-off'}{' '}
      {flags.enableOrchestrator ? 'orch-on' : 'orch-off'}
    </p>
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('mergeFlags (docs/product/data.md)', () => {
  it('merges server booleans over the defaults and ignores the rest', () => {
    expect(mergeFlags({ enableBetaFeatures: true, enableOrchestrator: false, newThing: true, _meta: { mocked: false }, bad: 'yes' })).toEqual({
      enableOrchestrator: false,
      enableListingPoster: true,
      enableAdvancedAnalytics: false,
      enableBetaFeatures: true,
      newThing: true,
    });
    expect(mergeFlags(null)).toEqual({
      enableOrchestrator: true,
      enableListingPoster: true,
      enableAdvancedAnalytics: false,
      enableBetaFeatures: false,
    });
  });
});

describe('FlagsProvider (docs/product/shell.md, docs/product/api-calls.md, docs/product/errors.md)', () => {
  it('starts loading with the defaults, then shows the merged server values', async () => {
    const load = deferred<unknown>();
    render(
      <FlagsProvider load={() => load.promise}>
        <Probe />
      </FlagsProvider>,
    );
    expect(screen.getByTestId('probe').textContent).toBe('loading beta-off orch-on');
    await act(async () => load.resolve({ enableBetaFeatures: true, enableOrchestrator: false }));
    expect(screen.getByTestId('probe').textContent).toBe('ready beta-on orch-off');
  });

  it('on failure keeps the defaults, ends loading and logs a console warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = deferred<unknown>();
    render(
      <FlagsProvider load={() => load.promise}>
        <Probe />
      </FlagsProvider>,
    );
    await act(async () => load.reject(new Error('Failed to fetch')));
    expect(screen.getByTestId('probe').textContent).toBe('ready beta-off orch-on');
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('reload reads the server values again', async () => {
    let beta = false;
    const { result } = renderHook(() => useFlags(), {
      wrapper: ({ children }) => <FlagsProvider load={async () => ({ enableBetaFeatures: beta })}>{children}</FlagsProvider>,
    });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.flags.enableBetaFeatures).toBe(false);
    beta = true;
    await act(() => result.current.reload());
    expect(result.current.flags.enableBetaFeatures).toBe(true);
  });

  it('useFlags outside its provider throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useFlags())).toThrow('useFlags must be used within a FlagsProvider');
  });
});
