/**
 * Environment checks of docs/product/data.md on the build-time configuration (providers/config.ts).
 * `configErrors` feeds the red banner; `placeholderProblems` is the start-up check that only logs.
 */
export interface CheckedConfig {
  apiBase: string;
  supabaseUrl: string;
  supabaseAnonKey: string;
  production: boolean;
}

export const CONFIG_HINT = 'Check your .env file and ensure all required variables are set.';
const PLACEHOLDERS = ['{host}', 'placeholder', '<your', 'YOUR-PROJECT', 'REPLACE-ME'];

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** Loopback is a secure context for browsers: `npm start` on localhost is not a misconfiguration. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost');
}

export function configErrors(c: CheckedConfig): string[] {
  const errors: string[] = [];
  const backend = parse(c.supabaseUrl);
  if (!backend || (backend.protocol !== 'https:' && backend.protocol !== 'http:')) {
    errors.push(`The backend URL must start with http:// or https:// (got "${c.supabaseUrl}").`);
  }
  if (c.supabaseAnonKey.length < 20) {
    errors.push('The public backend key appears invalid (too short).');
  }
  const api = parse(c.apiBase);
  if (!api) errors.push(`The API base is not a valid URL (got "${c.apiBase}").`);
  else if (c.production && api.protocol !== 'https:' && !isLoopback(api.hostname)) {
    errors.push('The API base must use https in production.');
  }
  return errors;
}

/** Start-up check: missing values or template text; logged, the app continues (docs/product/data.md). */
export function placeholderProblems(c: CheckedConfig): string[] {
  const named: [string, string][] = [
    ['API base', c.apiBase],
    ['Auth service URL', c.supabaseUrl],
    ['Public key', c.supabaseAnonKey],
  ];
  return named.flatMap(([name, value]) => {
    if (!value) return [`${name} is missing.`];
    const hit = PLACEHOLDERS.find((p) => value.toLowerCase().includes(p.toLowerCase()));
    return hit ? [`${name} contains placeholder text (${hit}).`] : [];
  });
}

export type EnvironmentKind = 'staging' | 'non-production' | null;

/** docs/product/shell.md: the amber banner when the API base contains "staging" or "dev"; none otherwise (production). */
export function environmentOf(apiBase: string): EnvironmentKind {
  const host = (parse(apiBase)?.host ?? apiBase).toLowerCase();
  if (host.includes('staging')) return 'staging';
  if (host.includes('dev')) return 'non-production';
  return null;
}

export const ENVIRONMENT_TEXT: Record<Exclude<EnvironmentKind, null>, string> = {
  staging: 'You are on STAGING',
  'non-production': 'NON-PRODUCTION',
};
