/**
 * docs/product/routes-and-roles.md (next), docs/product/shell.md "Layout" and docs/product/errors.md (auth errors in the URL),
 * docs/product/auth-protocol.md §2 (link opened in another browser).
 */
import { describe, expect, it } from 'vitest';
import { FOREIGN_LINK_MESSAGE, supabaseStorageKey, takeAuthUrlProblem, verifierLookup } from '../../src/lib/auth-url';
import { afterSignIn, authPathWithNext, nextForRoundTrip, nextParamFor } from '../../src/lib/next-path';

const noVerifier = () => false;
const withVerifier = () => true;

describe('auth problems in the URL', () => {
  it('turns error_description into the message and removes the parameters from query and fragment', () => {
    const r = takeAuthUrlProblem(
      'http://app/auth?next=%2Forders&error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired#error=access_denied&error_code=otp_expired&error_description=x&sb=',
      withVerifier,
    );
    expect(r.message).toBe('Email link is invalid or has expired');
    expect(r.cleanUrl).toBe('/auth?next=%2Forders');
  });

  it('falls back to the catalogue text when there is no description', () => {
    const r = takeAuthUrlProblem('http://app/auth?error=server_error', withVerifier);
    expect(r.message).toBe('Authentication failed. Please try again.');
    expect(r.cleanUrl).toBe('/auth');
  });

  it('reads the fragment when only the fragment carries the error', () => {
    const r = takeAuthUrlProblem('http://app/auth#error=access_denied&error_description=Denied', withVerifier);
    expect(r).toEqual({ message: 'Denied', cleanUrl: '/auth' });
  });

  it('leaves a code alone when this browser holds the verifier (supabase-js exchanges it)', () => {
    const r = takeAuthUrlProblem('http://app/auth?next=%2Fcapital&code=abc', withVerifier);
    expect(r.message).toBeNull();
  });

  it('explains a link opened in another browser and drops the useless code', () => {
    const r = takeAuthUrlProblem('http://app/auth?next=%2Fcapital&code=abc', noVerifier);
    expect(r.message).toBe(FOREIGN_LINK_MESSAGE);
    expect(r.message).toMatch(/open the link in the browser where you asked for it/i);
    expect(r.cleanUrl).toBe('/auth?next=%2Fcapital');
  });

  it('looks the verifier up where supabase-js stores it', () => {
    const key = supabaseStorageKey('http://localhost:3000');
    expect(key).toBe('sb-localhost-auth-token');
    const store = new Map([[`${key}-flow-f1-code-verifier`, '"v"']]);
    const has = verifierLookup({ getItem: (k) => store.get(k) ?? null }, key);
    expect(has('f1')).toBe(true);
    expect(has(null)).toBe(false);
  });
});

describe('next after sign-in', () => {
  it('goes to next, removing it and keeping the other parameters', () => {
    expect(afterSignIn('?next=%2Forders%3Fstatus%3Dpending')).toBe('/orders?status=pending');
    expect(afterSignIn('?next=%2Fsuppliers&tier=1')).toBe('/suppliers?tier=1');
  });

  it('never carries the callback code along', () => {
    expect(afterSignIn('?next=%2Forders%3Fstatus%3Dpending&code=abc')).toBe('/orders?status=pending');
  });

  it('goes to /dashboard without next, and refuses other sites', () => {
    expect(afterSignIn('')).toBe('/dashboard');
    expect(afterSignIn('?next=https%3A%2F%2Fevil.example')).toBe('/dashboard');
    expect(afterSignIn('?next=%2F%2Fevil.example')).toBe('/dashboard');
  });

  it('keeps every other parameter through the e-mail round trip: next consumed, foo=bar kept', () => {
    // /login?next=/streams?tab=dlq&foo=bar, forwarded to /auth with the same query
    const search = '?next=/streams?tab=dlq&foo=bar';
    expect(afterSignIn(search)).toBe('/streams?tab=dlq&foo=bar');
    const carried = nextForRoundTrip(search);
    expect(carried).toBe('/streams?tab=dlq&foo=bar');
    const link = authPathWithNext(carried);
    expect(link).toBe('/auth?next=%2Fstreams%3Ftab%3Ddlq%26foo%3Dbar');
    // back from the e-mail with the code: the code goes, the target keeps foo=bar
    expect(afterSignIn(`${new URL(link, 'http://app').search}&code=abc&sb_flow_id=f1`)).toBe('/streams?tab=dlq&foo=bar');
  });

  it('carries nothing when sign-in would go to /dashboard anyway', () => {
    expect(nextForRoundTrip('')).toBeNull();
    expect(nextForRoundTrip('?next=https%3A%2F%2Fevil.example')).toBeNull();
  });

  it('builds the sign-in path the redirect keeps', () => {
    expect(nextParamFor('/orders', '?status=pending')).toBe('/orders?status=pending');
    expect(nextParamFor('/', '')).toBeNull();
    expect(authPathWithNext('/orders?status=pending')).toBe('/auth?next=%2Forders%3Fstatus%3Dpending');
    expect(authPathWithNext(null)).toBe('/auth');
  });
});
