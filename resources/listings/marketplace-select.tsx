/** The tenant's marketplace accounts as a Select (GET /api/marketplaces through Refine's useList). */
import { Select, type SelectProps } from 'antd';
import { useList } from '@refinedev/core';
import { MARKETPLACE_LABEL, type MarketplaceAccount, type MarketplaceStatus } from '../../contract/marketplaces';

export function useMarketplaces() {
  const { query } = useList<MarketplaceAccount>({ resource: 'marketplaces', pagination: { mode: 'off' }, errorNotification: false });
  return query;
}

export function MarketplaceSelect({ only, ...props }: SelectProps<string | string[]> & { only?: readonly MarketplaceStatus[] }) {
  const query = useMarketplaces();
  const rows = (query.data?.data ?? []).filter((m) => !only || only.includes(m.status));
  return (
    <Select
      placeholder="Marketplace"
      allowClear
      showSearch
      optionFilterProp="label"
      loading={query.isPending}
      options={rows.map((m) => ({ value: m.id, label: `${m.name} (${MARKETPLACE_LABEL[m.kind]})` }))}
      {...props}
    />
  );
}
