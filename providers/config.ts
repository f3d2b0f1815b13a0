/** Build-time configuration of the front end (docs/product/data.md). Bases default to the page's own origin. */
const origin = typeof window !== 'undefined' ? window.location.origin : 'http://localhost:3000';

export const appConfig = {
  apiBase: (typeof __API_BASE__ !== 'undefined' && __API_BASE__) || origin,
  supabaseUrl: (typeof __SUPABASE_URL__ !== 'undefined' && __SUPABASE_URL__) || origin,
  supabaseAnonKey: typeof __SUPABASE_ANON_KEY__ !== 'undefined' ? __SUPABASE_ANON_KEY__ : '',
  version: typeof __APP_VERSION__ !== 'undefined' ? __APP_VERSION__ : '0.0.0',
  commit: typeof __BUILD_COMMIT__ !== 'undefined' ? __BUILD_COMMIT__ : 'unknown',
  buildTime: typeof __BUILD_TIME__ !== 'undefined' ? __BUILD_TIME__ : '',
  buildTag: typeof __BUILD_TAG__ !== 'undefined' ? __BUILD_TAG__ : '',
  mode: import.meta.env?.MODE ?? 'production',
  production: import.meta.env?.PROD ?? true,
};
