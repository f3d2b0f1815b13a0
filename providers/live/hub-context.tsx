/**
 * The tab's live hub for the pages that read it directly (the DLQ table, the event tail, the live
 * badges): given once by the composition root (src/App.tsx), which builds it from the module list.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { LiveHub } from './hub';

const HubContext = createContext<LiveHub | null>(null);

export function LiveHubProvider({ hub, children }: { hub: LiveHub; children: ReactNode }) {
  return <HubContext.Provider value={hub}>{children}</HubContext.Provider>;
}

export function useLiveHub(): LiveHub {
  const hub = useContext(HubContext);
  if (!hub) throw new Error('useLiveHub needs a <LiveHubProvider> (src/App.tsx gives it)');
  return hub;
}
