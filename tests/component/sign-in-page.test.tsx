// @vitest-environment jsdom
/**
 * docs/product/shell.md "Sign-in screen" and the sign-in toasts of docs/product/errors.md: texts, form → sending → link sent → back to the
 * form, inline errors with their toasts, the magic link coming back to /auth with `next`, and Google:
 * handed to supabase-js when the auth server has it, otherwise explained in words without leaving the
 * page (docs/shell.md "Google").
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDomShims } from './support/dom-shims';

const signInWithOtp = vi.fn();
const signInWithOAuth = vi.fn();
const fakeClient = {
  auth: {
    getSession: async () => ({ data: { session: null }, error: null }),
    onAuthStateChange: () => ({ data: { subscription: { unsubscribe: () => {} } } }),
    signInWithOtp,
    signInWithOAuth,
  },
};
vi.mock('../../providers/supabase', () => ({ supabase: fakeClient }));

const { SignInPage } = await import('../../src/pages/auth/sign-in-page');
const { afterSignIn } = await import('../../src/lib/next-path');
const { AuthSessionProvider } = await import('../../providers/auth/auth-context');
const { GOOGLE_NOT_SET_UP } = await import('../../providers/auth/sign-in');
type Client = Parameters<typeof AuthSessionProvider>[0]['client'];

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AntApp>
        <AuthSessionProvider client={fakeClient as unknown as Client} storage={window.localStorage}>
          <Routes>
            <Route path="/auth" element={<SignInPage startupMessage={null} />} />
          </Routes>
        </AuthSessionProvider>
      </AntApp>
    </MemoryRouter>,
  );
}

const emailField = () => screen.getByLabelText('Email') as HTMLInputElement;

beforeEach(() => {
  installDomShims({ width: 1440 });
  signInWithOtp.mockReset();
  signInWithOAuth.mockReset();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('sign-in screen', () => {
  it('shows the texts and a required email field', async () => {
    renderAt('/auth');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByText('Enter your email to continue')).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('type', 'email');
    expect(emailField()).toBeRequired();
    expect(screen.getByRole('button', { name: 'Send magic link' })).toBeInTheDocument();
    expect(screen.getByText('OR')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Continue with Google/ })).toBeInTheDocument();
  });

  it("an invitation's link fills the address in (/auth?email=…); a value that is no address is ignored", async () => {
    signInWithOtp.mockResolvedValue({ error: null });
    renderAt('/auth?email=new.person%40demo.local');
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(emailField().value).toBe('new.person@demo.local');
    fireEvent.submit(emailField().closest('form')!);
    await waitFor(() => expect(signInWithOtp).toHaveBeenCalledWith(expect.objectContaining({ email: 'new.person@demo.local' })));
    cleanup();
    renderAt('/auth?email=%3Cscript%3E');
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(emailField().value).toBe('');
  });

  it('sends the link back to /auth with next, then names the address', async () => {
    let finish: (v: { error: null }) => void = () => {};
    signInWithOtp.mockReturnValue(new Promise((r) => (finish = r)));
    renderAt('/auth?next=%2Forders%3Fstatus%3Dpending');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'seller@demo.local' } });
    fireEvent.submit(emailField().closest('form')!);
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(signInWithOtp).toHaveBeenCalledWith({
      email: 'seller@demo.local',
      options: { emailRedirectTo: `${window.location.origin}/auth?next=%2Forders%3Fstatus%3Dpending` },
    });
    await act(async () => finish({ error: null }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByTestId('sent-to')).toHaveTextContent('seller@demo.local');
    expect(await screen.findByText('Check your email for the sign-in link')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send to a different email' }));
    expect(emailField().value).toBe('');
  });

  it('carries next and every other query parameter through the magic link (/login?next=…&foo=bar)', async () => {
    signInWithOtp.mockResolvedValue({ error: null });
    // what /login forwards unencoded: next=/streams?tab=dlq, and foo=bar as a parameter of its own
    renderAt('/auth?next=/streams?tab=dlq&foo=bar');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'seller@demo.local' } });
    fireEvent.submit(emailField().closest('form')!);
    await waitFor(() => expect(signInWithOtp).toHaveBeenCalled());
    const redirect = new URL(signInWithOtp.mock.calls[0][0].options.emailRedirectTo as string);
    expect(redirect.pathname).toBe('/auth');
    expect(redirect.searchParams.get('next')).toBe('/streams?tab=dlq&foo=bar');
    // the link comes back with the PKCE code: the code goes, foo=bar stays
    expect(afterSignIn(`${redirect.search}&code=abc`)).toBe('/streams?tab=dlq&foo=bar');
  });

  it('shows the auth error inline and as a toast, with the fallback when it has no text', async () => {
    signInWithOtp.mockResolvedValueOnce({ error: { message: 'For security purposes, you can only request this after 5 seconds.' } });
    renderAt('/auth');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'seller@demo.local' } });
    fireEvent.submit(emailField().closest('form')!);
    await waitFor(() => expect(screen.getAllByText('For security purposes, you can only request this after 5 seconds.')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Send magic link' })).toBeEnabled();

    signInWithOtp.mockResolvedValueOnce({ error: { message: '' } });
    fireEvent.submit(emailField().closest('form')!);
    await waitFor(() => expect(screen.getAllByText('Failed to send magic link').length).toBe(2));
  });

  it('says in words that Google sign-in is not set up when the auth server has no Google provider', async () => {
    const fetchMock = vi.spyOn(window, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith('/auth/v1/settings')) return new Response(JSON.stringify({ external: { email: true, google: false } }));
      return new Response(JSON.stringify({ code: 'validation_failed', message: 'Unsupported provider: provider is not enabled' }), { status: 400 });
    });
    renderAt('/auth');
    fireEvent.click(await screen.findByRole('button', { name: /Continue with Google/ }));
    expect(await screen.findByText('Failed to initiate Google sign-in')).toBeInTheDocument();
    // inline and in the toast, and never the server's protocol words
    expect(screen.getAllByText(GOOGLE_NOT_SET_UP)).toHaveLength(2);
    const inline = document.querySelector('.signin-alert');
    expect(inline).toHaveAttribute('role', 'alert');
    expect(inline).toHaveTextContent('Google sign-in is not set up on this server');
    expect(inline).toHaveTextContent('Send magic link');
    expect(screen.queryByText(/Unsupported provider/)).toBeNull();
    expect(signInWithOAuth).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0][0])).toMatch(/\/auth\/v1\/settings$/);
    // the button keeps its words and stays usable; the email field is where to go on
    expect(screen.getByRole('button', { name: /Continue with Google/ })).toBeEnabled();
    expect(emailField()).toHaveFocus();
  });

  it('falls back to "Failed to initiate Google sign-in" when the auth server cannot be asked', async () => {
    vi.spyOn(window, 'fetch').mockResolvedValue(new Response('{}', { status: 503 }));
    renderAt('/auth');
    fireEvent.click(await screen.findByRole('button', { name: /Continue with Google/ }));
    await waitFor(() => expect(screen.getAllByText('Failed to initiate Google sign-in')).toHaveLength(2));
    expect(screen.queryByText(GOOGLE_NOT_SET_UP)).toBeNull();
    expect(signInWithOAuth).not.toHaveBeenCalled();
  });

  it('hands over to supabase-js when Google is enabled', async () => {
    vi.spyOn(window, 'fetch').mockResolvedValue(new Response(JSON.stringify({ external: { google: true } })));
    signInWithOAuth.mockReturnValue(new Promise(() => {}));
    renderAt('/auth');
    fireEvent.click(await screen.findByRole('button', { name: /Continue with Google/ }));
    expect(await screen.findByRole('button', { name: /Redirecting\.\.\./ })).toBeDisabled();
    expect(signInWithOAuth).toHaveBeenCalledWith({ provider: 'google', options: { redirectTo: `${window.location.origin}/auth` } });
  });
});
