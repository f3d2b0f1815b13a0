/** Layout of a list's search box and filters, with "Clear filters" when any is set. Without `onSearch`, no search box. */
import type { ReactNode } from 'react';
import { Button, Flex, Input } from 'antd';

export interface FilterBarProps {
  search?: string;
  onSearch?: (value: string) => void;
  placeholder?: string;
  active: boolean;
  onClear: () => void;
  children?: ReactNode;
}

export function FilterBar({ search, onSearch, placeholder, active, onClear, children }: FilterBarProps) {
  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }} role="search">
      {onSearch && (
        <Input.Search
          // remounted when the URL changes the search from outside, so the box shows it
          key={search ?? ''}
          defaultValue={search}
          placeholder={placeholder}
          aria-label={placeholder}
          allowClear
          onSearch={onSearch}
          style={{ width: 280 }}
        />
      )}
      {children}
      {active && (
        <Button type="link" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </Flex>
  );
}
