/**
 * Sign-in screen (/auth) — spec §2.6, §4 "Sign-in form" (form → sending → link-sent, errors
 * inline), §8 sign-in toasts. A signed-in visitor is sent on (spec §2.1): to `next`, back to the
 * page they came from, or to /dashboard.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, App as AntApp, Button, Card, Input, Typography } from 'antd';
import { GoogleOutlined, MailOutlined } from '@ant-design/icons';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { appConfig } from '../../../providers/config';
import { supabase } from '../../../providers/supabase';
import { useAuth } from '../../../providers/auth/auth-context';
import { GOOGLE_FALLBACK, sendMagicLink, startGoogleSignIn } from '../../../providers/auth/sign-in';
import { afterSignIn } from '../../lib/next-path';
import { EnvironmentBanner } from '../../shell/banners/banners';
import { PageLoading } from '../../shell/page-loading';
import { BRAND } from '../../shell/theme';
import { CheckEmailPanel } from './check-email-panel';

export const MAGIC_LINK_SENT = 'Check your email for the sign-in link';
export const NO_PROFILE_MESSAGE = 'This account has no access to a store yet. Ask your administrator to add you, or use another email.';

export function SignInPage({ startupMessage }: { startupMessage: string | null }) {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const { notification } = AntApp.useApp();
  const next = new URLSearchParams(location.search).get('next');
  const [phase, setPhase] = useState<'form' | 'sending' | 'sent'>('form');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(startupMessage);
  const [googleBusy, setGoogleBusy] = useState(false);

  const ready = auth.status === 'authed' && auth.profileStatus === 'ready';
  // an already signed-in visitor who navigated here inside the app goes back where they were
  const goBack = ready && !next && !auth.justSignedIn && location.key !== 'default';
  useEffect(() => {
    if (goBack) navigate(-1);
  }, [goBack, navigate]);

  if (ready) return goBack ? <PageLoading text="Loading..." /> : <Navigate to={afterSignIn(location.search)} replace />;
  if (auth.status === 'loading' || (auth.status === 'authed' && auth.profileStatus === 'loading')) return <PageLoading text="Loading..." />;
  const shownError = error ?? (auth.status === 'authed' && auth.profileStatus === 'missing' ? NO_PROFILE_MESSAGE : null);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError(null);
    setPhase('sending');
    const r = await sendMagicLink(supabase, window.location.origin, email.trim(), next);
    if (r.ok) {
      setPhase('sent');
      notification.success({ message: MAGIC_LINK_SENT });
    } else {
      setPhase('form');
      setError(r.message);
      notification.error({ message: r.message });
    }
  };

  const google = async () => {
    setError(null);
    setGoogleBusy(true);
    const r = await startGoogleSignIn(
      supabase,
      { supabaseUrl: appConfig.supabaseUrl, anonKey: appConfig.supabaseAnonKey, fetch: (i, init) => window.fetch(i, init) },
      window.location.origin,
      next,
    );
    if (!r.ok) {
      setGoogleBusy(false);
      setError(r.message);
      notification.error({ message: GOOGLE_FALLBACK, description: r.message === GOOGLE_FALLBACK ? undefined : r.message });
    }
  };

  return (
    <>
      <EnvironmentBanner apiBase={appConfig.apiBase} />
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
          <Card styles={{ body: { padding: 28 } }} style={{ boxShadow: '0 10px 30px rgba(17,24,39,.08)' }}>
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
                <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
                  Sign In
                </Typography.Title>
                <Typography.Paragraph type="secondary" style={{ marginTop: 4, marginBottom: 20 }}>
                  Enter your email to continue
                </Typography.Paragraph>
                {shownError && <Alert type="error" showIcon message={shownError} style={{ marginBottom: 16 }} role="alert" />}
                <form onSubmit={(e) => void submit(e)}>
                  <label htmlFor="signin-email" style={{ display: 'block', fontWeight: 500, marginBottom: 6 }}>
                    Email
                  </label>
                  <Input
                    id="signin-email"
                    name="email"
                    type="email"
                    required
                    autoComplete="email"
                    autoFocus
                    size="large"
                    placeholder="you@company.com"
                    prefix={<MailOutlined style={{ color: '#9ca3af' }} />}
                    value={email}
                    onChange={(e) => setEmail(e.target.value)}
                    disabled={phase === 'sending'}
                  />
                  <Button type="primary" htmlType="submit" size="large" block style={{ marginTop: 16 }} disabled={phase === 'sending'}>
                    {phase === 'sending' ? 'Sending...' : 'Send magic link'}
                  </Button>
                </form>
                <div className="auth-or" role="separator">
                  OR
                </div>
                <Button size="large" block icon={<GoogleOutlined />} onClick={() => void google()} disabled={googleBusy}>
                  {googleBusy ? 'Redirecting...' : 'Continue with Google'}
                </Button>
              </>
            )}
          </Card>
        </div>
      </main>
    </>
  );
}
