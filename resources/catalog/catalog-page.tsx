/**
 * /catalog — Catalog & Listings (docs/product/routes-and-roles.md; docs/marketplaces-ui.md): tabs Listings, MAP violations and
 * Pricing. `/catalog?filter=violations` opens the Listings tab filtered to listings with an open MAP
 * violation (rewritten once, in place, to the table's `violations=true`).
 */
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Card, Tabs } from 'antd';
import { CreateButton } from '@refinedev/antd';
import { PageHeader } from '../../src/shell/page-header';
import { useNavigationKey } from '../shared/use-navigation-key';
import { ListingsTable } from '../listings/listings-table';
import { ViolationsTable } from '../listings/violations-table';
import { PricingTab } from './pricing-tab';
import { rewriteFilter, tabOf, tabSearch, type CatalogTab } from './catalog-url';

export default function CatalogPage() {
  const [q] = useSearchParams();
  const navigate = useNavigate();
  const arrival = useNavigationKey();
  const rewrite = rewriteFilter(q);
  const tab = tabOf(q);

  useEffect(() => {
    if (rewrite) void navigate({ search: `?${rewrite.toString()}` }, { replace: true });
  }, [rewrite, navigate]);

  return (
    <>
      <PageHeader
        title="Catalog & Listings"
        subtitle="Your products on every linked marketplace: listings with their status and price, the MAP violations observed, and pricing."
        extra={<CreateButton resource="listings">Create listing</CreateButton>}
      />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(k) => void navigate({ search: tabSearch(k as CatalogTab) })}
          destroyOnHidden
          items={[
            // the table mounts once the address says what it should read (after the rewrite)
            { key: 'listings', label: 'Listings', children: rewrite ? null : <ListingsTable key={arrival} /> },
            { key: 'violations', label: 'MAP violations', children: <ViolationsTable key={arrival} /> },
            { key: 'pricing', label: 'Pricing', children: <PricingTab /> },
          ]}
        />
      </Card>
    </>
  );
}
