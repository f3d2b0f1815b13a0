/** What a flagged page shows while the tenant's flag is off (docs/settings.md "Feature flags"); loaded only then, so antd's Result stays off the first page. */
import { Result } from 'antd';

export default function FeatureOff({ beta = false }: { beta?: boolean }) {
  if (beta) {
    return <Result status="info" title="This is a beta feature, and beta features are turned off for your store" subTitle="An administrator can turn them on under Feature Flags (/flags)." />;
  }
  return <Result status="info" title="This feature is turned off for your store" subTitle="An administrator can turn it on again under Feature Flags." />;
}
