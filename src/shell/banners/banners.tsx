/**
 * The banners of docs/product/shell.md: red configuration errors (fixed), the sticky amber STAGING /
 * NON-PRODUCTION strip, and the error-reporting banner when `?debug=1`.
 */
import { Alert } from 'antd';
import { useLocation } from 'react-router';
import { BUILD_FEATURES } from '../../../contract/constants';
import { CONFIG_HINT, configErrors, environmentOf, ENVIRONMENT_TEXT, type CheckedConfig } from './config-check';

export function ConfigErrorBanner({ config }: { config: CheckedConfig }) {
  const errors = configErrors(config);
  if (errors.length === 0) return null;
  return (
    <Alert
      className="banner-config"
      type="error"
      banner
      role="alert"
      message="Configuration errors"
      description={
        <>
          <ul style={{ margin: '4px 0', paddingLeft: 18 }}>
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
          {CONFIG_HINT}
        </>
      }
    />
  );
}

export function EnvironmentBanner({ apiBase }: { apiBase: string }) {
  const kind = environmentOf(apiBase);
  if (!kind) return null;
  return (
    <div className="banner-env" role="note" data-testid="environment-banner">
      {ENVIRONMENT_TEXT[kind]}
    </div>
  );
}

export function DebugBanner() {
  const { search } = useLocation();
  if (!BUILD_FEATURES.debugBanner || new URLSearchParams(search).get('debug') !== '1') return null;
  return (
    <Alert
      type="warning"
      banner
      showIcon
      message="Error reporting is in debug mode: errors are also written to the browser console with their route and details."
    />
  );
}
