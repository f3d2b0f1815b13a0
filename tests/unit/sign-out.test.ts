/**
 * Sign-out (docs/product/shell.md): while it runs, and after it succeeded, the console is "signing
 * out" — requests answered 401 because the server ended the session are not sent to
 * `/login?next=…`; the guard takes the page to /auth. A sign-out the server did not take leaves the
 * session, and the flag, as they were.
 */
import { describe, expect, it } from 'vitest';
import { isSigningOut, signOut } from '../../providers/auth/sign-in';

const client = (answer: () => Promise<{ error: unknown }>) => ({ auth: { signOut: answer } }) as never;

describe('signing out', () => {
  it('is signing out from the call on, and stays so once the server took it', async () => {
    let release!: (v: { error: null }) => void;
    const pending = signOut(client(() => new Promise((r) => (release = r))));
    expect(isSigningOut()).toBe(true);
    release({ error: null });
    expect(await pending).toBe(true);
    expect(isSigningOut()).toBe(true);
  });

  it('is not signing out when the server refused or could not be reached', async () => {
    expect(await signOut(client(async () => ({ error: new Error('500') })))).toBe(false);
    expect(isSigningOut()).toBe(false);
    expect(await signOut(client(() => Promise.reject(new Error('offline'))))).toBe(false);
    expect(isSigningOut()).toBe(false);
  });
});
