/**
 * One health poll shared by the top-bar badge and the Diagnostics drawer — docs/product/shell.md, docs/product/constants.md:
 * checked on mount and every 30 s.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { HEALTH } from '../../../contract/constants';
import { checkHealth, type HealthDeps, type HealthReading } from './health-check';

const HealthContext = createContext<HealthReading | null | undefined>(undefined);

export interface HealthProviderProps extends HealthDeps {
  endpoint: string;
  pollMs?: number;
  children: ReactNode;
}

export function HealthProvider({ endpoint, fetch, now, timeoutMs, pollMs = HEALTH.pollMs, children }: HealthProviderProps) {
  const [reading, setReading] = useState<HealthReading | null>(null);
  useEffect(() => {
    let alive = true;
    const run = () => checkHealth(endpoint, { fetch, now, timeoutMs }).then((r) => alive && setReading(r));
    void run();
    const timer = setInterval(run, pollMs);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [endpoint, fetch, now, timeoutMs, pollMs]);
  return <HealthContext.Provider value={reading}>{children}</HealthContext.Provider>;
}

/** The latest reading, or null before the first check answered. */
export function useHealth(): HealthReading | null {
  const value = useContext(HealthContext);
  if (value === undefined) throw new Error('useHealth must be used within a HealthProvider');
  return value;
}
