/** The tab's live hub and Refine live provider (docs/events.md): token query auth, combined stream. */
import { supabase } from '../supabase';
import { appConfig } from '../config';
import { browserStreamEnv } from './browser-env';
import { createLiveHub } from './hub';
import { createLiveProvider } from './live-provider';
import { COMBINED_STREAMS } from './channels';

let accessToken: string | null = null;
void supabase.auth.getSession().then(({ data }) => {
  accessToken = data.session?.access_token ?? null;
});
supabase.auth.onAuthStateChange((event, session) => {
  accessToken = session?.access_token ?? null;
  // a signed-out tab keeps no stream open on the old token
  if (event === 'SIGNED_OUT') liveHub.close();
});

export function streamUrl(lastEventId: string | null): string | null {
  if (!accessToken) return null;
  const q = new URLSearchParams({ streams: COMBINED_STREAMS.join(','), token: accessToken });
  if (lastEventId) q.set('lastEventId', lastEventId);
  return `${appConfig.apiBase}/api/stream?${q.toString()}`;
}

export const liveHub = createLiveHub({ env: browserStreamEnv(), url: streamUrl });
export const liveProvider = createLiveProvider(liveHub);
export type { StreamEvent, StreamState } from './stream-client';
