/**
 * zod compiles object parsers with `new Function` unless told not to, and probes for it when a
 * schema is defined; the app's Content-Security-Policy has no 'unsafe-eval' (docs/api-conventions.md
 * "Security headers"), so the probe is reported as a violation. zod keeps its global configuration
 * on `globalThis.__zod_globalConfig` and adopts an object already there: set before any schema
 * module runs (src/main.tsx imports this first), without importing zod into the sign-in entry.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
