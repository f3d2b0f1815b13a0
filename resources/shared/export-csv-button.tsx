/**
 * Export button of a list — docs/commerce.md "Imports and exports".
 * Sends the list's current filters and sort (not its page) to the resource's `export.csv` endpoint.
 */
import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useNotification, type CrudFilter, type CrudSort } from '@refinedev/core';
import { filterQuery, sortQuery } from '../../providers/api/list-query';
import { finalMessage } from '../../providers/api';
import { apiClient } from '../../providers/app-client';
import { datedCsvName, saveBlob } from './download';

export interface ExportCsvButtonProps {
  /** API path of the export, e.g. `/products/export.csv`. */
  path: string;
  /** File name stem: `products` → `products-YYYY-MM-DD.csv`. */
  stem: string;
  filters: CrudFilter[];
  sorters: CrudSort[];
}

export function ExportCsvButton({ path, stem, filters, sorters }: ExportCsvButtonProps) {
  const { open } = useNotification();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      // the API client's file mode: same headers, retries, session refresh and request log as every call
      const blob = await apiClient.blob(path, { query: { ...filterQuery(filters), ...sortQuery(sorters) }, headers: { Accept: 'text/csv' } });
      const name = datedCsvName(stem);
      saveBlob(blob, name);
      open?.({ type: 'success', message: `Exported ${name}` });
    } catch (e) {
      open?.({ type: 'error', message: 'Export failed', description: finalMessage(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={run}>
      Export CSV
    </Button>
  );
}
