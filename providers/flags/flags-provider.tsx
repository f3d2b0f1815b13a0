/**
 * Feature-flag provider — docs/product/data.md (defaults), docs/product/shell.md "States and transitions" (loading
 * starts true and ends after the fetch, success or failure), docs/product/api-calls.md "The calls" (`GET /flags`
 * merged over defaults) and docs/product/errors.md (failure: console warning, defaults stay; the hook outside its
 * provider throws).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_FLAGS } from '../../contract/constants';
import { mergeFlags, type Flags } from './merge-flags';

export interface FlagsContextValue {
  flags: Flags;
  loading: boolean;
  /** Reads the server values again (after a flag was changed). */
  reload: () => Promise<void>;
}

const FlagsContext = createContext<FlagsContextValue | null>(null);

export interface FlagsProviderProps {
  /** Fetches `GET /api/flags`; the answer is `{name: boolean}`. */
  load: () => Promise<unknown>;
  children?: ReactNode;
}

export function FlagsProvider({ load, children }: FlagsProviderProps) {
  const [flags, setFlags] = useState<Flags>(() => ({ ...DEFAULT_FLAGS }));
  const [loading, setLoading] = useState(true);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setFlags(mergeFlags(await load()));
    } catch (err) {
      console.warn('Failed to load feature flags; using defaults', err);
    } finally {
      setLoading(false);
    }
  }, [load]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const value = useMemo(() => ({ flags, loading, reload }), [flags, loading, reload]);
  return <FlagsContext.Provider value={value}>{children}</FlagsContext.Provider>;
}

/** The flags in effect, or the defaults outside a provider (the shell's parts rendered alone in tests). */
export function useFlagValues(): Flags {
  return useContext(FlagsContext)?.flags ?? (DEFAULT_FLAGS as Flags);
}

export function useFlags(): FlagsContextValue {
  const value = useContext(FlagsContext);
  if (!value) throw new Error('useFlags must be used within a FlagsProvider');
  return value;
}
