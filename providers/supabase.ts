/** The one supabase-js client (spec §7.4): PKCE, persisted session, auto refresh, session detected in the URL. */
import { createClient } from '@supabase/supabase-js';
import { appConfig } from './config';

export const supabase = createClient(appConfig.supabaseUrl, appConfig.supabaseAnonKey || 'missing-anon-key', {
  auth: { flowType: 'pkce', persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
});
