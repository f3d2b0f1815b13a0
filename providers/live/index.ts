/**
 * The tab's live hub and Refine live provider (docs/events.md): token query auth, combined stream.
 * Built by the composition root (src/App.tsx) from the module list's live routing —
 * `browserLive(liveChannels(modules))` — and handed to the pages that read the hub itself through
 * `<LiveHubProvider>` / `useLiveHub()` (hub-context.tsx).
 */
import { supabase } from '../supabase';
import { appConfig } from '../config';
import { browserStreamEnv } from './browser-env';
import { COMBINED_STREAMS, type LiveChannels } from './channels';
import { createLiveHub, type LiveHub } from './hub';
import { createLiveProvider } from './live-provider';
import type { LiveProvider } from '@refinedev/core';

let accessToken: string | null = null;
void supabase.auth.getSession().then(({ data }) => {
  accessToken = data.session?.access_token ?? null;
});
const hubs = new Set<LiveHub>();
supabase.auth.onAuthStateChange((event, session) => {
  accessToken = session?.access_token ?? null;
  // a signed-out tab keeps no stream open on the old token
  if (event === 'SIGNED_OUT') for (const hub of hubs) hub.close();
});

export function streamUrl(lastEventId: string | null): string | null {
  if (!accessToken) return null;
  const q = new URLSearchParams({ streams: COMBINED_STREAMS.join(','), token: accessToken });
  if (lastEventId) q.set('lastEventId', lastEventId);
  return `${appConfig.apiBase}/api/stream?${q.toString()}`;
}

/** The browser's hub (it opens its one EventSource on the first subscriber) and Refine's provider over it. */
export function browserLive(channels: LiveChannels): { hub: LiveHub; provider: LiveProvider } {
  const hub = createLiveHub({ env: browserStreamEnv(), url: streamUrl, channels });
  hubs.add(hub);
  return { hub, provider: createLiveProvider(hub) };
}

export { LiveHubProvider, useLiveHub } from './hub-context';
export { liveChannels, type LiveChannels } from './channels';
export type { LiveHub } from './hub';
export type { StreamEvent, StreamState } from './stream-client';
