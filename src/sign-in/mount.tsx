/** Renders the light /auth entry into the page's root (src/main.tsx decides by path). */
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { createAuthClient } from '../../providers/auth/auth-client';
import { SignInApp } from './sign-in-app';
import '../shell/shell.css';
import './sign-in-entry.css';

export function renderSignIn(root: Root, startupMessage: string | null, handOver: () => void): void {
  const client = createAuthClient();
  let handed = false;
  const onSession = () => {
    if (handed) return;
    handed = true;
    // the full app's own client takes over the session (same storage): this one stops refreshing it
    void client.stopAutoRefresh();
    handOver();
  };
  root.render(
    <StrictMode>
      <SignInApp client={client} startupMessage={startupMessage} onSession={onSession} />
    </StrictMode>,
  );
}
