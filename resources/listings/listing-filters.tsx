/**
 * The listings table's filters (docs/marketplaces-ui.md "Listings"): search, marketplace, status,
 * price range and MAP violations, each the API's own query parameter in the URL
 * (`marketplace_id`, `status=active,paused`, `price_min_cents`, `price_max_cents`, `violations=true`).
 */
import { toCents } from './cents';
import { InputNumber, Select, Switch, Flex, Typography } from 'antd';
import { LISTING_STATUSES } from '../../contract/listings';
import { FilterBar } from '../shared/filter-bar';
import { LISTING_STATUS_LABEL } from './listing-status-tag';
import { MarketplaceSelect } from './marketplace-select';

/** Filter parameters as the page names them (in "The link asked for Status “bogus”…"). */
export const LISTING_FILTER_LABELS = {
  marketplace_id: 'Marketplace',
  status: 'Status',
  price_min_cents: 'Minimum price',
  price_max_cents: 'Maximum price',
  violations: 'MAP violations',
  sort: 'Sort',
};

const PRICE_BOUNDS = [
  { field: 'price_min_cents', label: 'Minimum price', placeholder: 'Min price' },
  { field: 'price_max_cents', label: 'Maximum price', placeholder: 'Max price' },
] as const;

export interface ListingFiltersProps {
  value: (field: string) => string | undefined;
  onChange: (field: string, value: string | number | undefined) => void;
  active: boolean;
  onClear: () => void;
}

export function ListingFilters({ value, onChange, active, onClear }: ListingFiltersProps) {
  const status = value('status')?.split(',').filter(Boolean) ?? [];
  return (
    <FilterBar search={value('search')} onSearch={(v) => onChange('search', v)} placeholder="Search title or SKU" active={active} onClear={onClear}>
      <MarketplaceSelect aria-label="Marketplace" style={{ width: 220 }} value={value('marketplace_id')} onChange={(v) => onChange('marketplace_id', (v as string | undefined) ?? undefined)} />
      <Select
        aria-label="Status"
        placeholder="Status"
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        style={{ width: 200 }}
        value={status}
        onChange={(v: string[]) => onChange('status', v.length ? v.join(',') : undefined)}
        options={LISTING_STATUSES.map((s) => ({ value: s, label: LISTING_STATUS_LABEL[s] }))}
      />
      {PRICE_BOUNDS.map(({ field, label, placeholder }) => {
        const cents = value(field);
        return (
          <InputNumber
            key={field}
            aria-label={label}
            placeholder={placeholder}
            min={0}
            step={1}
            prefix="$"
            style={{ width: 120 }}
            value={cents === undefined ? null : Number(cents) / 100}
            // the URL and the API take cents; the box shows dollars
            onChange={(v) => onChange(field, v === null || v === undefined ? undefined : toCents(Number(v)))}
          />
        );
      })}
      <Flex align="center" gap={6}>
        <Switch id="listing-violations" size="small" checked={value('violations') === 'true'} onChange={(on) => onChange('violations', on ? 'true' : undefined)} />
        <Typography.Text>
          <label htmlFor="listing-violations">MAP violations only</label>
        </Typography.Text>
      </Flex>
    </FilterBar>
  );
}
