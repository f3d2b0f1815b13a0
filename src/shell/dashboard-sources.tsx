/**
 * "Failed to Load Dashboard Data" (docs/product/shell.md "Dashboard"): each card reports the request
 * it depends on under its data source (operations, products, orders, capital, alerts, needs
 * attention); the page shows one alert naming every failing source with the technical details of
 * its failure, above the cards (which keep their own retry). Plain elements: the dashboard is the
 * first page after sign-in (docs/performance.md "Delivery").
 */
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import type { DashboardSource } from '../lib/registry';
import { DASHBOARD_SOURCES } from '../lib/registry';

interface Failure {
  source: DashboardSource;
  /** What failed, in the card's words ("the open alerts"). */
  what: string;
  detail: string;
}

interface Sources {
  report(key: string, failure: Failure | null): void;
}

const SourcesContext = createContext<Sources | null>(null);

/** The technical details of an error as a data provider or fetch gives it. */
export function errorDetail(error: unknown): string {
  if (!error) return 'Unknown error';
  const e = error as { statusCode?: number; status?: number; message?: string; code?: string };
  const status = e.statusCode ?? e.status;
  const parts = [status ? `HTTP ${status}` : null, e.code ?? null, e.message ?? String(error)].filter(Boolean);
  return parts.join(' · ');
}

const CardSourceContext = createContext<DashboardSource | undefined>(undefined);

/** The data source of the card inside (its declaration's `source`), for `useDashboardSource`. */
export function CardSource({ source, children }: { source: DashboardSource | undefined; children: ReactNode }) {
  return <CardSourceContext.Provider value={source}>{children}</CardSourceContext.Provider>;
}

/**
 * A card's report: while `error` is set the page lists the card's declared source as failing (with
 * `what` and the error's details); a success or unmount takes the report back. Outside the dashboard,
 * or for a card that declares no source, it does nothing.
 */
export function useDashboardSource(what: string, error: unknown) {
  const ctx = useContext(SourcesContext);
  const source = useContext(CardSourceContext);
  const key = useId();
  const detail = error ? errorDetail(error) : null;
  useEffect(() => {
    if (!ctx || !source) return;
    ctx.report(key, detail ? { source, what, detail } : null);
    return () => ctx.report(key, null);
  }, [ctx, key, source, what, detail]);
}

/** The page's record of failing sources and the alert that lists them. */
export function DashboardSourcesProvider({ children }: { children: (alert: ReactNode) => ReactNode }) {
  const [failures, setFailures] = useState<Record<string, Failure>>({});
  const report = useCallback((key: string, failure: Failure | null) => {
    setFailures((prev) => {
      if (!failure) {
        if (!(key in prev)) return prev;
        const next = { ...prev };
        delete next[key];
        return next;
      }
      const old = prev[key];
      if (old && old.detail === failure.detail && old.source === failure.source) return prev;
      return { ...prev, [key]: failure };
    });
  }, []);
  const ctx = useMemo(() => ({ report }), [report]);
  const list = Object.values(failures);
  const alert = list.length > 0 ? <LoadFailures failures={list} /> : null;
  return <SourcesContext.Provider value={ctx}>{children(alert)}</SourcesContext.Provider>;
}

function LoadFailures({ failures }: { failures: Failure[] }) {
  const sources = DASHBOARD_SOURCES.filter((s) => failures.some((f) => f.source === s));
  return (
    <div role="alert" className="dashboard-notice is-error">
      <strong>Failed to Load Dashboard Data</strong>
      <p style={{ margin: '4px 0' }}>
        Some figures could not be loaded ({sources.join(', ')}). The cards below retry on their own; their Retry button asks again now.
      </p>
      <details>
        <summary>Technical details</summary>
        <ul className="dashboard-notice-details">
          {sources.map((s) => (
            <li key={s}>
              <strong>{s}</strong>
              <ul>
                {failures
                  .filter((f) => f.source === s)
                  .map((f) => (
                    <li key={`${f.what}:${f.detail}`}>
                      {f.what}: <code>{f.detail}</code>
                    </li>
                  ))}
              </ul>
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
