declare const __APP_VERSION__: string;
declare const __BUILD_COMMIT__: string;
declare const __BUILD_TIME__: string;
declare const __BUILD_TAG__: string;
declare const __SUPABASE_ANON_KEY__: string;
declare const __SUPABASE_URL__: string;
declare const __API_BASE__: string;
