/** /orchestrator/marketplaces/link — Link a Marketplace (docs/product/routes-and-roles.md): the step-by-step wizard of resources/integrations/link-wizard.tsx. */
import { PageHeader } from '../../src/shell/page-header';
import { LinkWizard } from '../integrations/link-wizard';

export default function LinkMarketplacePage() {
  return (
    <>
      <PageHeader title="Link a Marketplace" subtitle="Connect a marketplace account so its listings and orders flow into the console." />
      <LinkWizard />
    </>
  );
}
