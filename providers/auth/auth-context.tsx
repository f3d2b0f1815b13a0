/**
 * Auth state of the console — docs/product/shell.md "States and transitions": starts as loading, becomes
 * authed when a session exists and anon when there is none or reading it fails. After a session
 * appears, the profile (tenant + role) is read once per user (docs/product/api-calls.md); a missing profile is
 * reported so the guards can send the user to /auth (docs/product/routes-and-roles.md).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Session } from '@supabase/auth-js';
import type { ConsoleSupabase } from '../supabase';
import { loadProfile, type ProfileResult } from './load-profile';
import type { Profile } from './profile-store';
import { forgetAnnouncedSession, isNewSignIn } from './session-marker';

export type AuthStatus = 'loading' | 'authed' | 'anon';
export type ProfileStatus = 'idle' | 'loading' | 'ready' | 'missing' | 'error';
/** `session-refused`: the service refused the session (signed out elsewhere, revoked) and it was ended here. */
export type AuthEvent = 'signed-in' | 'signed-out' | 'session-refused';

export interface AuthState {
  status: AuthStatus;
  session: Session | null;
  email: string | null;
  profile: Profile | null;
  profileStatus: ProfileStatus;
  /** True after a real sign-in in this page (not a reload with a stored session). */
  justSignedIn: boolean;
  /** True when the session ended while this page was open (sign-out): no `next` is kept then. */
  signedOut: boolean;
  reloadProfile: () => void;
}

const AuthContext = createContext<AuthState | null>(null);

export interface AuthSessionProviderProps {
  client: ConsoleSupabase;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Toasts of docs/product/shell.md are the shell's business; it is told about the events here. */
  onEvent?: (event: AuthEvent) => void;
  children: ReactNode;
}

export function AuthSessionProvider({ client, storage, onEvent, children }: AuthSessionProviderProps) {
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [session, setSession] = useState<Session | null>(null);
  const [profile, setProfileState] = useState<Profile | null>(null);
  const [profileStatus, setProfileStatus] = useState<ProfileStatus>('idle');
  const [justSignedIn, setJustSignedIn] = useState(false);
  const [signedOut, setSignedOut] = useState(false);
  const [profileAttempt, setProfileAttempt] = useState(0);
  const onEventRef = useRef(onEvent);
  onEventRef.current = onEvent;
  const hadSession = useRef(false);
  /** The session about to end was refused by the service, not signed out by the user. */
  const refused = useRef(false);

  useEffect(() => {
    let alive = true;
    const accept = (next: Session | null) => {
      if (!alive) return;
      setSession(next);
      setStatus(next ? 'authed' : 'anon');
      if (next && isNewSignIn(next, storage)) {
        setJustSignedIn(true);
        onEventRef.current?.('signed-in');
      }
      if (next) setSignedOut(false);
      if (!next && hadSession.current) {
        setSignedOut(true);
        forgetAnnouncedSession(storage);
        onEventRef.current?.(refused.current ? 'session-refused' : 'signed-out');
        refused.current = false;
      }
      hadSession.current = Boolean(next);
    };
    const { data } = client.auth.onAuthStateChange((event, next) => {
      // TOKEN_REFRESHED and USER_UPDATED are only logged (docs/product/shell.md); the new token is still kept
      if (event === 'TOKEN_REFRESHED' || event === 'USER_UPDATED') console.info(`[auth] ${event}`);
      // supabase-js forbids awaiting its own calls inside this callback: defer state work
      setTimeout(() => accept(next), 0);
    });
    client.auth.getSession().then(
      ({ data: d, error }) => accept(error ? null : d.session),
      () => accept(null),
    );
    return () => {
      alive = false;
      data.subscription.unsubscribe();
    };
  }, [client, storage]);

  const userId = session?.user.id ?? null;
  const email = session?.user.email ?? null;
  useEffect(() => {
    if (!userId) {
      setProfileState(null);
      setProfileStatus('idle');
      return;
    }
    let alive = true;
    setProfileStatus('loading');
    const user = { id: userId, email: email ?? undefined };
    profileOrSignOut(client, user, () => (refused.current = true)).then(
      (r) => {
        if (!alive || r === null) return;
        setProfileState(r.status === 'ready' ? r.profile : null);
        setProfileStatus(r.status === 'unauthorized' ? 'error' : r.status);
      },
      () => alive && setProfileStatus('error'),
    );
    return () => {
      alive = false;
    };
  }, [client, userId, email, profileAttempt]);

  const reloadProfile = useCallback(() => setProfileAttempt((n) => n + 1), []);
  const value = useMemo<AuthState>(
    () => ({ status, session, email, profile, profileStatus, justSignedIn, signedOut, reloadProfile }),
    [status, session, email, profile, profileStatus, justSignedIn, signedOut, reloadProfile],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * The profile, as the API client treats a 401 (docs/product/shell.md "Session during calls"): a
 * session the service refuses (signed out in another browser, revoked) is refreshed once and the
 * profile read again; when the refresh fails too, the session is dropped here (local sign-out), so
 * the guards send the user to sign in instead of offering to retry a read that cannot succeed.
 * Null when it signed out (the session change re-renders everything).
 */
async function profileOrSignOut(client: ConsoleSupabase, user: { id: string; email?: string }, onRefused: () => void): Promise<ProfileResult | null> {
  const first = await loadProfile(client, user);
  if (first.status !== 'unauthorized') return first;
  const { data, error } = await client.auth.refreshSession().catch((e: unknown) => ({ data: { session: null }, error: e }));
  if (!error && data.session) {
    const again = await loadProfile(client, user);
    if (again.status !== 'unauthorized') return again;
  }
  onRefused();
  const out = await client.auth.signOut({ scope: 'local' }).catch((e: unknown) => ({ error: e }));
  return out.error ? { status: 'error', message: 'The session was refused and could not be ended' } : null;
}

/** Throws outside its provider (docs/product/errors.md "a context hook used outside its provider"). */
export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthSessionProvider');
  return ctx;
}
