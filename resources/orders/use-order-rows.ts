/**
 * The rows of one resource that belong to an order (its purchase orders, labels, returns), newest
 * first, for the order page's sections: `hidden` while there is nothing to show and no error, so a
 * section appears only when the order has something in it.
 */
import { useList, type BaseRecord } from '@refinedev/core';

export function useOrderRows<T extends BaseRecord>(resource: string, orderId: string, liveMode: 'auto' | 'off' = 'auto') {
  const { result, query } = useList<T>({
    resource,
    filters: [{ field: 'order_id', operator: 'eq', value: orderId }],
    sorters: [{ field: 'created_at', order: 'desc' }],
    pagination: { pageSize: 20 },
    liveMode,
    errorNotification: false,
  });
  const rows = result?.data ?? [];
  return { rows, query, hidden: !query.isError && rows.length === 0 };
}
