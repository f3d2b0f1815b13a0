/**
 * The DLQ list's filters (issue 6 §4): subject (prefix or pattern), consumer, error text (the search
 * box), age and status. Every change goes to the URL and back to page 1.
 */
import { Input, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { FilterBar } from '../shared/filter-bar';
import { opsApi } from '../shared/ops-api';
import { AGE_OPTIONS, STATUS_OPTIONS, hasDlqFilters, type DlqUrlState } from './dlq-url';

export interface DlqFiltersProps {
  state: DlqUrlState;
  onChange: (patch: Partial<DlqUrlState>) => void;
  onClear: () => void;
}

export function DlqFilters({ state, onChange, onClear }: DlqFiltersProps) {
  const consumers = useQuery({ queryKey: ['streams', 'consumers'], queryFn: ({ signal }) => opsApi.consumers(signal), staleTime: 60_000 });
  const set = (patch: Partial<DlqUrlState>) => onChange({ ...patch, page: 1 });
  return (
    <FilterBar
      search={state.error}
      onSearch={(v) => set({ error: v.trim() || undefined })}
      placeholder="Search error text"
      active={hasDlqFilters(state)}
      onClear={onClear}
    >
      <Input.Search
        key={`subject-${state.subject ?? ''}`}
        defaultValue={state.subject}
        placeholder="Subject, e.g. orders.*"
        aria-label="Subject"
        allowClear
        enterButton={false}
        onSearch={(v) => set({ subject: v.trim() || undefined })}
        style={{ width: 200 }}
      />
      <Select
        aria-label="Consumer"
        placeholder="Consumer"
        allowClear
        value={state.consumer}
        onChange={(v: string | undefined) => set({ consumer: v })}
        options={(consumers.data?.data ?? []).map((c) => ({ value: c.name, label: c.name }))}
        loading={consumers.isPending}
        style={{ width: 170 }}
      />
      <Select
        aria-label="Age"
        placeholder="Any age"
        allowClear
        value={state.age}
        onChange={(v: DlqUrlState['age']) => set({ age: v })}
        options={AGE_OPTIONS.map((a) => ({ value: a.value, label: a.label }))}
        style={{ width: 170 }}
      />
      <Select
        aria-label="Status"
        value={state.status}
        onChange={(v: DlqUrlState['status']) => set({ status: v })}
        options={STATUS_OPTIONS}
        style={{ width: 130 }}
      />
    </FilterBar>
  );
}
