/**
 * Sign-in screen (/auth) inside the signed-in app — docs/product/shell.md, docs/product/errors.md sign-in toasts. A signed-in
 * visitor is sent on (docs/product/routes-and-roles.md): to `next`, back to the page they came from, or to /dashboard.
 * The form itself is sign-in-form.tsx, shared with the light /auth entry (src/sign-in/).
 */
import { useEffect } from 'react';
import { App as AntApp } from 'antd';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { supabase } from '../../../providers/supabase';
import { useAuth } from '../../../providers/auth/auth-context';
import { afterSignIn, nextForRoundTrip } from '../../lib/next-path';
import { PageLoading } from '../../shell/page-loading';
import { invitedEmail, SignInForm, type Notify } from './sign-in-form';

export { MAGIC_LINK_SENT } from './sign-in-form';
export const NO_PROFILE_MESSAGE = 'This account has no access to a store yet. Ask your administrator to add you, or use another email.';

export function SignInPage({ startupMessage }: { startupMessage: string | null }) {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const { notification } = AntApp.useApp();
  // the link carries next and every other parameter of this page through the e-mail round trip
  const next = nextForRoundTrip(location.search);

  const ready = auth.status === 'authed' && auth.profileStatus === 'ready';
  // an already signed-in visitor who navigated here inside the app goes back where they were
  const goBack = ready && !next && !auth.justSignedIn && location.key !== 'default';
  useEffect(() => {
    if (goBack) navigate(-1);
  }, [goBack, navigate]);

  if (ready) return goBack ? <PageLoading text="Loading..." /> : <Navigate to={afterSignIn(location.search)} replace />;
  if (auth.status === 'loading' || (auth.status === 'authed' && auth.profileStatus === 'loading')) return <PageLoading text="Loading..." />;
  const initialError = startupMessage ?? (auth.status === 'authed' && auth.profileStatus === 'missing' ? NO_PROFILE_MESSAGE : null);
  const notify: Notify = (kind, message, description) => notification[kind]({ message, description });
  return <SignInForm key={initialError ?? ''} client={supabase} next={next} initialError={initialError} notify={notify} initialEmail={invitedEmail(location.search)} />;
}
