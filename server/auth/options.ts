/**
 * Auth settings beyond Config (docs/auth.md): read from the environment (process.env, .env,
 * .env.example) when the embedded server is registered.
 *   AUTH_ALLOW_SIGNUP=true     — open sign-up (default closed: only existing users get a link)
 *   AUTH_REDIRECT_ALLOW_LIST   — comma-separated extra redirect_to patterns (`*`, `**` globs, as GoTrue's URI allow list)
 *   SMTP_FROM                  — sender of the mails when SMTP_URL is set
 */
import { loadEnv } from '../env';

export interface AuthOptions {
  allowSignup: boolean;
  redirectAllowList: string[];
  mailFrom: string;
}

export function readAuthOptions(env: Record<string, string | undefined> = loadEnv()): AuthOptions {
  return {
    allowSignup: /^(1|true|yes|on)$/i.test(env.AUTH_ALLOW_SIGNUP ?? ''),
    redirectAllowList: (env.AUTH_REDIRECT_ALLOW_LIST ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    mailFrom: env.SMTP_FROM || 'Seller Console <no-reply@localhost>',
  };
}
