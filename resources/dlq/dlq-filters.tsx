/**
 * The DLQ list's filters (docs/ops-ui.md): subject (prefix or pattern), consumer, error text (the
 * search box), age and status. Every change goes to the URL and back to page 1 (one request).
 */
import { Input, Select } from 'antd';
import { useList, type CrudFilter } from '@refinedev/core';
import type { ConsumerInfo } from '../../contract/streams';
import { FilterBar } from '../shared/filter-bar';
import { AGE_FIELDS, AGE_OPTIONS, STATUS_OPTIONS, ageOf, statusOf, type AgeOption, type DlqStatusFilter } from './dlq-list-filters';

export interface DlqFiltersProps {
  filters: CrudFilter[];
  value: (field: string) => string | undefined;
  onChange: (field: string, value: string | undefined) => void;
  active: boolean;
  onClear: () => void;
}

export function DlqFilters({ filters, value, onChange, active, onClear }: DlqFiltersProps) {
  const { result: consumers, query } = useList<ConsumerInfo>({
    resource: 'consumers',
    meta: { path: '/streams/consumers' },
    pagination: { mode: 'off' },
    queryOptions: { staleTime: 60_000 },
    errorNotification: false,
  });
  const setAge = (age: AgeOption | undefined) => {
    const option = AGE_OPTIONS.find((a) => a.value === age);
    for (const f of AGE_FIELDS) onChange(f, option?.field === f ? String(option.seconds) : undefined);
  };
  return (
    <FilterBar search={value('error')} onSearch={(v) => onChange('error', v.trim() || undefined)} placeholder="Search error text" active={active} onClear={onClear}>
      <Input.Search
        key={`subject-${value('subject') ?? ''}`}
        defaultValue={value('subject')}
        placeholder="Subject, e.g. orders.*"
        aria-label="Subject"
        allowClear
        enterButton={false}
        onSearch={(v) => onChange('subject', v.trim() || undefined)}
        style={{ width: 200 }}
      />
      <Select
        aria-label="Consumer"
        placeholder="Consumer"
        allowClear
        value={value('consumer')}
        onChange={(v: string | undefined) => onChange('consumer', v)}
        options={consumers.data.map((c) => ({ value: c.name, label: c.name }))}
        loading={query.isPending}
        style={{ width: 170 }}
      />
      <Select aria-label="Age" placeholder="Any age" allowClear value={ageOf(filters)} onChange={setAge} options={AGE_OPTIONS.map((a) => ({ value: a.value, label: a.label }))} style={{ width: 170 }} />
      <Select
        aria-label="Status"
        value={statusOf(filters)}
        // pending is the API's default: it stays out of the URL
        onChange={(v: DlqStatusFilter) => onChange('status', v === 'pending' ? undefined : v)}
        options={STATUS_OPTIONS}
        style={{ width: 130 }}
      />
    </FilterBar>
  );
}
