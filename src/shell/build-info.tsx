/**
 * Build-info overlay — docs/product/shell.md: build tag, commit, build time, version, mode and path. A small
 * fixed pill in the corner (the main area keeps room below it), expanded on demand. The expanded panel
 * also names the running server's version and commit (GET /health): the bundle is rebuilt only when
 * client code changes, so its commit can be older than the server's.
 */
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useServerFact } from './health/use-server-environment';

export interface BuildInfoProps {
  buildTag: string;
  commit: string;
  buildTime: string;
  version: string;
  mode: string;
  /** GET /health of the API (shell/health/health-check.ts `healthEndpoint`), read when the panel opens. */
  healthEndpoint: string;
  fetchFn?: typeof fetch;
}

export function BuildInfo({ buildTag, commit, buildTime, version, mode, healthEndpoint, fetchFn }: BuildInfoProps) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const server = useServerFact(open ? healthEndpoint : null, 'build', fetchFn);
  return (
    <aside className="build-info" aria-label="Build information">
      {open && (
        <dl className="build-info-panel" id="build-info-panel">
          <dt>build</dt>
          <dd>{buildTag || '—'}</dd>
          <dt>commit</dt>
          <dd>{commit}</dd>
          <dt>server</dt>
          <dd>{server.state === 'known' ? server.value : server.state === 'loading' ? '…' : 'unknown'}</dd>
          <dt>built</dt>
          <dd>{buildTime || '—'}</dd>
          <dt>version</dt>
          <dd>{version}</dd>
          <dt>mode</dt>
          <dd>{mode}</dd>
          <dt>path</dt>
          <dd>{pathname}</dd>
        </dl>
      )}
      <button
        type="button"
        className="build-info-toggle"
        aria-expanded={open}
        aria-controls="build-info-panel"
        onClick={() => setOpen((o) => !o)}
      >
        v{version} · {commit}
      </button>
    </aside>
  );
}
