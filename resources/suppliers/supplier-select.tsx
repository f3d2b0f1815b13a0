/** A searchable supplier picker over `GET /api/suppliers` (products filter, product form): the suppliers domain's own view, used by products. */
import { Select, type SelectProps } from 'antd';
import { useSelect } from '@refinedev/antd';

export function SupplierSelect(props: Omit<SelectProps, 'options'>) {
  const { selectProps } = useSelect<{ id: string; name: string }>({
    resource: 'suppliers',
    optionLabel: 'name',
    optionValue: 'id',
    pagination: { pageSize: 50 },
    sorters: [{ field: 'name', order: 'asc' }],
    // the supplier list's free-text search
    onSearch: (value) => [{ field: 'search', operator: 'contains', value }],
  });
  return <Select {...selectProps} allowClear placeholder="Supplier" {...props} />;
}
