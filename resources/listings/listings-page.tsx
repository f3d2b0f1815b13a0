/** /listings — every marketplace listing of the store (docs/product/routes-and-roles.md; docs/marketplaces-ui.md "Listings"). */
import { Card } from 'antd';
import { CreateButton } from '@refinedev/antd';
import { PageHeader } from '../../src/shell/page-header';
import { useNavigationKey } from '../shared/use-navigation-key';
import { ListingsTable } from './listings-table';

export default function ListingsPage() {
  // a link to /listings?… while the page is open reads its filters again
  const arrival = useNavigationKey();
  return (
    <>
      <PageHeader
        title="Listings"
        subtitle="Every marketplace listing of your products, with its status, price and what the marketplace answered."
        extra={<CreateButton resource="listings">Create listing</CreateButton>}
      />
      <Card>
        <ListingsTable key={arrival} />
      </Card>
    </>
  );
}
