/**
 * Browser entry — docs/product/shell.md, docs/product/data.md, docs/product/errors.md: before the first render, auth problems in the URL (error
 * parameters, a link opened in another browser) are taken out of the address bar and kept for one
 * toast; the start-up environment check logs placeholder configuration and the app continues.
 * Then, by path (docs/performance.md "Delivery"): /auth and /login load the light sign-in entry
 * (plain React and the auth client), every other path the full app. The light entry hands over to
 * the full app once a session exists.
 */
// first: zod must not probe for eval under the CSP
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { appConfig } from '../providers/config';
import { supabaseStorageKey, takeAuthUrlProblem, verifierLookup } from './lib/auth-url';
import { placeholderProblems } from './shell/banners/config-check';

for (const problem of placeholderProblems(appConfig)) console.error(`[config] ${problem}`);

const problem = takeAuthUrlProblem(window.location.href, verifierLookup(window.localStorage, supabaseStorageKey(appConfig.supabaseUrl)));
if (problem.message) window.history.replaceState(window.history.state, '', problem.cleanUrl);

const root = createRoot(document.getElementById('root')!);

async function startApp(startupMessage: string | null): Promise<void> {
  const { default: App } = await import('./App');
  root.render(
    <StrictMode>
      <App startupMessage={startupMessage} />
    </StrictMode>,
  );
}

const { pathname, search, hash } = window.location;
if (pathname === '/auth' || pathname === '/login') {
  // `/login?next=…` is `/auth` with its query (docs/product/routes-and-roles.md), as the full app's route does
  if (pathname === '/login') window.history.replaceState(window.history.state, '', `/auth${search}${hash}`);
  void import('./sign-in/mount').then(({ renderSignIn }) => renderSignIn(root, problem.message, () => void startApp(null)));
} else {
  void startApp(problem.message);
}
