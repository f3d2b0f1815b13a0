/**
 * Browser entry — spec §2.2, §5, §8: before the first render, auth problems in the URL (error
 * parameters, a link opened in another browser) are taken out of the address bar and kept for one
 * toast; the start-up environment check logs placeholder configuration and the app continues.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { appConfig } from '../providers/config';
import { supabaseStorageKey, takeAuthUrlProblem, verifierLookup } from './lib/auth-url';
import { placeholderProblems } from './shell/banners/config-check';
import App from './App';
import 'antd/dist/reset.css';
import './shell/shell.css';

for (const problem of placeholderProblems(appConfig)) console.error(`[config] ${problem}`);

const problem = takeAuthUrlProblem(window.location.href, verifierLookup(window.localStorage, supabaseStorageKey(appConfig.supabaseUrl)));
if (problem.message) window.history.replaceState(window.history.state, '', problem.cleanUrl);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App startupMessage={problem.message} />
  </StrictMode>,
);
