/** What a flagged page shows while the tenant's flag is off (docs/settings.md "Feature flags"); loaded only then, so antd's Result stays off the first page. */
import { Result } from 'antd';

export default function FeatureOff() {
  return <Result status="info" title="This feature is turned off for your store" subTitle="An administrator can turn it on again under Feature Flags." />;
}
