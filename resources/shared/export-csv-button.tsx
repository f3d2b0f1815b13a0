/**
 * Export button of a list — issue 5 §3 "every list exports its current filtered view as CSV".
 * Sends the list's current filters and sort (not its page) to the resource's `export.csv` endpoint.
 */
import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useNotification, type CrudFilter, type CrudSort } from '@refinedev/core';
import { filterQuery, sortQuery } from '../../providers/api/list-query';
import { userMessage } from '../../providers/api';
import { getFile } from './raw-request';
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
      const blob = await getFile(path, { ...filterQuery(filters), ...sortQuery(sorters) });
      const name = datedCsvName(stem);
      saveBlob(blob, name);
      open?.({ type: 'success', message: `Exported ${name}` });
    } catch (e) {
      open?.({ type: 'error', message: 'Export failed', description: userMessage(e) });
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
