/**
 * The light /auth entry (docs/performance.md "Delivery"): a signed-out visitor gets the sign-in
 * form with plain React and the auth client only. As soon as a session exists — a stored one, or
 * the magic link's PKCE code exchanged on this load — `onSession` hands over to the full app,
 * which then does what /auth does there (toast, profile, redirect to `next`).
 */
import { useEffect, useState } from 'react';
import type { GoTrueClient } from '@supabase/auth-js';
import { nextForRoundTrip } from '../lib/next-path';
import { invitedEmail, SignInForm } from '../pages/auth/sign-in-form';
import { Toasts, useToasts } from './toasts';

export function SignInApp({ client, startupMessage, onSession }: { client: GoTrueClient; startupMessage: string | null; onSession: () => void }) {
  const [status, setStatus] = useState<'loading' | 'anon'>('loading');
  const { notify, toasts } = useToasts();

  useEffect(() => {
    let alive = true;
    const { data } = client.onAuthStateChange((_event, session) => {
      if (session && alive) setTimeout(onSession, 0);
    });
    client.getSession().then(
      ({ data: d }) => alive && (d.session ? onSession() : setStatus('anon')),
      () => alive && setStatus('anon'),
    );
    return () => {
      alive = false;
      data.subscription.unsubscribe();
    };
  }, [client, onSession]);

  useEffect(() => {
    if (startupMessage) notify('error', startupMessage);
  }, [startupMessage, notify]);

  if (status === 'loading') {
    return (
      <div className="page-loading" role="status" aria-live="polite">
        <span>Loading...</span>
      </div>
    );
  }
  return (
    <>
      <SignInForm client={{ auth: client } as never} next={nextForRoundTrip(window.location.search)} initialError={startupMessage} notify={notify} initialEmail={invitedEmail(window.location.search)} />
      <Toasts toasts={toasts} />
    </>
  );
}
