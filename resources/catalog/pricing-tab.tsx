/** The Pricing tab of /catalog: the repricer is not part of this page yet, so it says so and links to /pricing. */
import { Empty, Typography } from 'antd';
import { Link } from 'react-router';

export function PricingTab() {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <Typography.Text strong>Per-listing pricing arrives with the repricer.</Typography.Text>
          <br />
          <Typography.Text type="secondary">
            No figures are shown here until they come from your real listings. Meanwhile, change prices from the Listings tab, or see <Link to="/pricing">Pricing Intelligence</Link>.
          </Typography.Text>
        </>
      }
    />
  );
}
