/**
 * The sign-in form of docs/product/shell.md "Sign-in screen" (form → sending → link sent, errors inline and
 * as toasts), in plain React and CSS: it is what a visitor on /auth loads first (src/sign-in/), so
 * it pulls neither antd nor Refine nor the router (docs/performance.md "Delivery"). The signed-in
 * app renders the same form through sign-in-page.tsx.
 */
import { useRef, useState, type FormEvent } from 'react';
import type { ConsoleSupabase } from '../../../providers/supabase';
import { appConfig } from '../../../providers/config';
import { GOOGLE_FALLBACK, GOOGLE_NOT_SET_UP, sendMagicLink, startGoogleSignIn } from '../../../providers/auth/sign-in';
import { environmentOf, ENVIRONMENT_TEXT } from '../../shell/banners/config-check';
import { BRAND } from '../../shell/theme';
import { CheckEmailPanel } from './check-email-panel';
import './sign-in.css';

export const MAGIC_LINK_SENT = 'Check your email for the sign-in link';

export type Notify = (kind: 'success' | 'error', message: string, description?: string) => void;

export interface SignInFormProps {
  /** Only `auth.signInWithOtp` / `auth.signInWithOAuth` are used: the light entry passes its auth client. */
  client: Pick<ConsoleSupabase, 'auth'>;
  next: string | null;
  initialError: string | null;
  notify: Notify;
  /** The address to start with (an invitation's link: `invitedEmail`). */
  initialEmail?: string;
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M21.35 11.1H12v2.98h5.35c-.23 1.4-1.66 4.1-5.35 4.1-3.22 0-5.85-2.67-5.85-5.96S8.78 6.26 12 6.26c1.83 0 3.06.78 3.76 1.45l2.57-2.47C16.68 3.7 14.55 2.75 12 2.75 6.9 2.75 2.75 6.9 2.75 12S6.9 21.25 12 21.25c5.34 0 8.88-3.75 8.88-9.04 0-.61-.07-1.07-.15-1.53Z"
      />
    </svg>
  );
}

/**
 * The address an invitation mail's link names (`/auth?email=…`, docs/governance.md "Users and
 * invitations"), to fill the field in; anything that is not an address is ignored.
 */
export function invitedEmail(search: string): string {
  const e = new URLSearchParams(search).get('email')?.trim() ?? '';
  return e.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(e) ? e : '';
}

export function SignInForm({ client, next, initialError, notify, initialEmail = '' }: SignInFormProps) {
  const [phase, setPhase] = useState<'form' | 'sending' | 'sent'>('form');
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(initialError);
  const [googleBusy, setGoogleBusy] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const environment = environmentOf(appConfig.apiBase);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError(null);
    setPhase('sending');
    const r = await sendMagicLink(client, window.location.origin, email.trim(), next);
    if (r.ok) {
      setPhase('sent');
      notify('success', MAGIC_LINK_SENT);
    } else {
      setPhase('form');
      setError(r.message);
      notify('error', r.message);
    }
  };

  const google = async () => {
    setError(null);
    setGoogleBusy(true);
    const r = await startGoogleSignIn(
      client,
      { supabaseUrl: appConfig.supabaseUrl, anonKey: appConfig.supabaseAnonKey, fetch: (i, init) => window.fetch(i, init) },
      window.location.origin,
      next,
    );
    if (!r.ok) {
      setGoogleBusy(false);
      setError(r.message);
      notify('error', GOOGLE_FALLBACK, r.message === GOOGLE_FALLBACK ? undefined : r.message);
      // no Google on this server: the way in is the email field the message points at
      if (r.message === GOOGLE_NOT_SET_UP) emailInput.current?.focus();
    }
  };

  return (
    <>
      {environment && (
        <div className="banner-env" role="note" data-testid="environment-banner">
          {ENVIRONMENT_TEXT[environment]}
        </div>
      )}
      <main className="auth-screen">
        <div className="auth-card">
          <div className="shell-brand" style={{ justifyContent: 'center', marginBottom: 20 }}>
            <span className="shell-brand-mark" aria-hidden="true">
              S
            </span>
            <span>
              <span className="shell-brand-name" style={{ display: 'block' }}>
                {BRAND.name}
              </span>
              <span className="shell-brand-tagline" style={{ display: 'block' }}>
                {BRAND.tagline}
              </span>
            </span>
          </div>
          <div className="signin-card">
            {phase === 'sent' ? (
              <CheckEmailPanel
                email={email.trim()}
                onDifferentEmail={() => {
                  setEmail('');
                  setPhase('form');
                }}
              />
            ) : (
              <>
                <h1 className="signin-title">Sign In</h1>
                <p className="signin-muted signin-subtitle">Enter your email to continue</p>
                {error && (
                  <div className="signin-alert" role="alert">
                    {error}
                  </div>
                )}
                <form onSubmit={(e) => void submit(e)}>
                  <label htmlFor="signin-email" className="signin-label">
                    Email
                  </label>
                  <input
                    id="signin-email"
                    ref={emailInput}
                    className="signin-input"
                    name="email"
                    type="email"
                    required
                    autoComplete="email"
                    autoFocus
                    placeholder="you@company.com"
                    value={email}
                    onChange={(e) => setEmail(e.target.value)}
                    disabled={phase === 'sending'}
                  />
                  <button type="submit" className="signin-button signin-primary" disabled={phase === 'sending'}>
                    {phase === 'sending' ? 'Sending...' : 'Send magic link'}
                  </button>
                </form>
                <div className="auth-or" role="separator">
                  OR
                </div>
                <button type="button" className="signin-button" onClick={() => void google()} disabled={googleBusy}>
                  <GoogleMark />
                  {googleBusy ? 'Redirecting...' : 'Continue with Google'}
                </button>
              </>
            )}
          </div>
        </div>
      </main>
    </>
  );
}
