/**
 * Build-info overlay — docs/product/shell.md: build tag, commit, build time, version, mode and path. A small
 * fixed pill in the corner (the main area keeps room below it), expanded on demand.
 */
import { useState } from 'react';
import { useLocation } from 'react-router';

export interface BuildInfoProps {
  buildTag: string;
  commit: string;
  buildTime: string;
  version: string;
  mode: string;
}

export function BuildInfo({ buildTag, commit, buildTime, version, mode }: BuildInfoProps) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  return (
    <aside className="build-info" aria-label="Build information">
      {open && (
        <dl className="build-info-panel" id="build-info-panel">
          <dt>build</dt>
          <dd>{buildTag || '—'}</dd>
          <dt>commit</dt>
          <dd>{commit}</dd>
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
