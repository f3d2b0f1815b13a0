/** Server configuration from the environment (README lists every variable). */
import { resolve } from 'node:path';
import { loadEnv } from './env';
import { gitCommit } from './git-commit';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL connections this server keeps at most (DATABASE_POOL_MAX, default 10). */
  databasePoolMax: number;
  anonKey: string;
  jwtSecret?: string;
  supabaseUrl?: string;
  supabaseJwtSecret?: string;
  siteUrl?: string;
  /**
   * Origins magic links may use when SITE_URL is unset (AUTH_SITE_ORIGINS, comma-separated); empty
   * means the address the server listens on (docs/auth.md, "Link origin").
   */
  authSiteOrigins: string[];
  /** Serve /dev/mailbox to any client, not only loopback ones (DEV_MAILBOX_PUBLIC=true). */
  devMailboxPublic: boolean;
  /**
   * Working-capital advances may be requested, approved and paid off (FEATURE_CAPITAL_FINANCE=true;
   * off by default, as the build's "capital finance off": docs/capital.md "The switch").
   */
  capitalFinance: boolean;
  /**
   * The AI orchestrator's danger tools (discard, bulk approve, more than 50 objects at once) are
   * offered (ORCHESTRATOR_DANGER=on; off by default, as the build's "orchestrator danger off":
   * docs/orchestrator.md "Danger").
   */
  orchestratorDanger: boolean;
  /**
   * An OpenAI-compatible chat-completions model drives the orchestrator's tools (LLM_BASE_URL, with
   * LLM_API_KEY and LLM_MODEL); unset: the embedded intent engine (docs/orchestrator.md "Engines").
   */
  llm?: { baseUrl: string; apiKey?: string; model: string };
  emailMinIntervalS: number;
  otpIpLimit: number;
  smtpUrl?: string;
  natsUrl?: string;
  production: boolean;
  version: string;
  commit: string;
  distDir: string;
  logLevel: string;
  accessTokenTtlS: number;
  trustProxy: boolean | string;
  /** API requests per caller per minute (0 = off) and the smaller budget for writes. */
  rateLimitPerMin: number;
  rateLimitWritesPerMin: number;
  /** How long a verified token's profile and session check are reused (0 = every request). */
  authCacheTtlMs: number;
  /**
   * Google sign-in on the embedded auth server: set only when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET
   * are; GOOGLE_ISSUER (default https://accounts.google.com) points it at another OpenID provider (docs/auth.md, "Google").
   */
  google?: { clientId: string; clientSecret: string; issuer: string };
}

export function loadConfig(overrides: Partial<Config> = {}): Config {
  const env = loadEnv();
  const num = (v: string | undefined, d: number) => (v !== undefined && v !== '' && !Number.isNaN(Number(v)) ? Number(v) : d);
  return {
    port: num(env.PORT, 3000),
    // loopback unless asked: the dev mailbox and a fresh install are not meant for the network
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR ?? './.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolMax: Math.max(1, num(env.DATABASE_POOL_MAX, 10)),
    anonKey: env.SUPABASE_ANON_KEY ?? '',
    jwtSecret: env.JWT_SECRET || undefined,
    supabaseUrl: env.SUPABASE_URL || undefined,
    supabaseJwtSecret: env.SUPABASE_JWT_SECRET || undefined,
    siteUrl: env.SITE_URL || undefined,
    authSiteOrigins: (env.AUTH_SITE_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    devMailboxPublic: /^(1|true|yes|on)$/i.test(env.DEV_MAILBOX_PUBLIC ?? ''),
    capitalFinance: /^(1|true|yes|on)$/i.test(env.FEATURE_CAPITAL_FINANCE ?? ''),
    orchestratorDanger: /^(1|true|yes|on)$/i.test(env.ORCHESTRATOR_DANGER ?? ''),
    llm: env.LLM_BASE_URL ? { baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY || undefined, model: env.LLM_MODEL || 'gpt-4o-mini' } : undefined,
    emailMinIntervalS: num(env.AUTH_EMAIL_MIN_INTERVAL_S, 60),
    otpIpLimit: num(env.AUTH_OTP_IP_LIMIT, 30),
    smtpUrl: env.SMTP_URL || undefined,
    natsUrl: env.NATS_URL || undefined,
    production: env.NODE_ENV === 'production',
    version: env.npm_package_version ?? '0.1.0',
    commit: env.GIT_COMMIT || gitCommit(),
    distDir: resolve(env.DIST_DIR ?? 'dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    accessTokenTtlS: Math.max(300, num(env.ACCESS_TOKEN_TTL_S, 3600)),
    rateLimitPerMin: num(env.API_RATE_LIMIT_PER_MIN, 600),
    rateLimitWritesPerMin: num(env.API_RATE_LIMIT_WRITES_PER_MIN, Math.max(1, Math.round(num(env.API_RATE_LIMIT_PER_MIN, 600) / 5))),
    authCacheTtlMs: num(env.AUTH_CACHE_TTL_MS, 5000),
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuer: env.GOOGLE_ISSUER || 'https://accounts.google.com' }
        : undefined,
    trustProxy: env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY ? env.TRUST_PROXY : false,
    ...overrides,
  };
}
