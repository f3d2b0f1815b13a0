/** Column props of a server-sorted column, controlled by the list's sorters (they follow the URL). */
import { getDefaultSortOrder } from '@refinedev/antd';
import type { CrudSort } from '@refinedev/core';

export function sortable(field: string, sorters: CrudSort[]) {
  return { key: field, dataIndex: field, sorter: true, sortOrder: getDefaultSortOrder(field, sorters) ?? null };
}
