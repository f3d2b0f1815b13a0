/**
 * Compliance › Tenant data export (docs/governance.md "Compliance", "Exports"): "Export all data" as
 * JSON Lines or CSV, made in the background by the server (POST /governance/exports, kind tenant);
 * its progress while it runs (GET /governance/exports/:id, polled), then the download link with the
 * time it expires; the recent exports below (GET /governance/exports?kind=tenant, paged on the server).
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Progress, Radio, Table, Tag, Typography } from 'antd';
import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { useCan, useCustom } from '@refinedev/core';
import dayjs from 'dayjs';
import type { ListResponse } from '../../contract/api';
import type { Export, ExportFormat, ExportStatus } from '../../contract/exports';
import { apiClient } from '../../providers/app-client';
import { finalMessage } from '../../providers/api';
import { saveBlob } from '../shared/download';
import { LoadError } from '../shared/list-error';
import { useCommand } from '../shared/use-command';

const POLL_MS = 1000;
const RECENT_PAGE = 5;
export const FORMAT_NAME: Record<ExportFormat, string> = { jsonl: 'JSON Lines', csv: 'CSV' };
const STATUS: Record<ExportStatus, { label: string; color: string }> = {
  queued: { label: 'Waiting', color: 'default' },
  running: { label: 'Running', color: 'processing' },
  done: { label: 'Ready', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
  expired: { label: 'Expired', color: 'default' },
};
const when = (iso: string | null) => (iso ? dayjs(iso).format('MMM D, YYYY HH:mm') : '');
const size = (bytes: number | null) => (bytes === null ? '' : bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);
const inProgress = (x: Export | undefined) => !!x && (x.status === 'queued' || x.status === 'running');

function DownloadLink({ x, onError }: { x: Export; onError: (m: string) => void }) {
  const [busy, setBusy] = useState(false);
  if (x.status !== 'done' || !x.download_url) return null;
  const download = async () => {
    setBusy(true);
    try {
      const blob = await apiClient.blob(x.download_url!.replace(/^\/api/, ''));
      saveBlob(blob, `tenant-data-${x.created_at.slice(0, 10)}.zip`);
    } catch (e) {
      onError(finalMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="link" icon={<DownloadOutlined />} loading={busy} onClick={() => void download()} style={{ paddingInline: 0 }}>
      Download {FORMAT_NAME[x.format]}
    </Button>
  );
}

export function TenantExportPanel() {
  const canExport = useCan({ resource: 'governance', action: 'manage' }).data?.can === true;
  const send = useCommand();
  const [format, setFormat] = useState<ExportFormat>('jsonl');
  const [jobId, setJobId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [page, setPage] = useState(1);

  const recent = useCustom<ListResponse<Export>>({
    url: '/governance/exports',
    method: 'get',
    config: { query: { kind: 'tenant', limit: RECENT_PAGE, offset: (page - 1) * RECENT_PAGE } },
    errorNotification: false,
  });
  const job = useCustom<{ data: Export }>({
    url: `/governance/exports/${jobId ?? ''}`,
    method: 'get',
    errorNotification: false,
    queryOptions: {
      enabled: jobId !== null,
      refetchInterval: (q) => {
        const x = (q.state.data as { data?: { data?: Export } } | undefined)?.data?.data;
        return !x || inProgress(x) ? POLL_MS : false;
      },
    },
  });
  const current = jobId ? job.query.data?.data.data : undefined;
  // the list shows the job's end (its status, size and expiry) once it has one
  const finished = current && !inProgress(current) ? current.status : null;
  const refetchRecent = recent.query.refetch;
  useEffect(() => {
    if (finished) void refetchRecent();
  }, [finished, refetchRecent]);

  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      const x = await send<Export>('/governance/exports', { kind: 'tenant', format });
      setJobId(x.id);
      void recent.query.refetch();
    } catch (e) {
      setError(finalMessage(e));
    } finally {
      setStarting(false);
    }
  };

  const rows = recent.query.data?.data.data;
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Every record of your store (products, orders, customers, ledger…) in one archive, one file per kind of record. The file can be
        downloaded for 24 hours.
      </Typography.Paragraph>
      <Flex gap={12} align="center" wrap>
        <Radio.Group
          aria-label="File format"
          value={format}
          onChange={(e) => setFormat(e.target.value as ExportFormat)}
          options={(['jsonl', 'csv'] as const).map((f) => ({ value: f, label: FORMAT_NAME[f] }))}
          disabled={!canExport}
        />
        <Button type="primary" icon={<ExportOutlined />} loading={starting || inProgress(current)} disabled={!canExport} onClick={() => void start()}>
          Export all data
        </Button>
      </Flex>
      {current && (
        <div role="status" aria-live="polite">
          {inProgress(current) && (
            <>
              <Typography.Text>Exporting all data as {FORMAT_NAME[current.format]}…</Typography.Text>
              <Progress percent={current.progress} size="small" aria-label="Export progress" />
            </>
          )}
          {current.status === 'done' && (
            <Flex gap={8} align="center" wrap>
              <Typography.Text>
                Export ready: {current.rows.toLocaleString()} records{current.bytes !== null ? `, ${size(current.bytes)}` : ''}.
                {current.expires_at ? ` Available until ${when(current.expires_at)}.` : ''}
              </Typography.Text>
              <DownloadLink x={current} onError={setError} />
            </Flex>
          )}
          {current.status === 'failed' && <Alert type="error" showIcon message="The export failed" description={current.error ?? undefined} />}
          {current.status === 'expired' && <Alert type="warning" showIcon message="This export has expired; start a new one" />}
        </div>
      )}
      {job.query.isError && (
        <Alert type="error" showIcon message="Could not read the export's progress" description={finalMessage(job.query.error)} action={<Button onClick={() => void job.query.refetch()}>Retry</Button>} />
      )}
      {error && <Alert type="error" showIcon role="alert" message="Export failed" description={error} />}
      <Typography.Title level={3} style={{ fontSize: 14, margin: '8px 0 0' }}>Recent exports</Typography.Title>
      {recent.query.isError ? (
        <LoadError what="the recent exports" error={recent.query.error} onRetry={() => void recent.query.refetch()} />
      ) : (
        <Table<Export>
          aria-label="Recent exports"
          size="small"
          rowKey="id"
          loading={recent.query.isLoading}
          dataSource={rows ?? []}
          locale={{ emptyText: 'No exports yet' }}
          pagination={{ current: page, pageSize: RECENT_PAGE, total: recent.query.data?.data.pagination.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
          columns={[
            { key: 'created_at', title: 'Requested', render: (_, x) => when(x.created_at) },
            { key: 'format', title: 'Format', render: (_, x) => FORMAT_NAME[x.format] },
            { key: 'status', title: 'Status', render: (_, x) => <Tag color={STATUS[x.status].color}>{STATUS[x.status].label}{inProgress(x) ? ` ${x.progress}%` : ''}</Tag> },
            { key: 'rows', title: 'Records', render: (_, x) => (x.status === 'done' ? x.rows.toLocaleString() : '') },
            { key: 'expires_at', title: 'Available until', render: (_, x) => (x.status === 'done' ? when(x.expires_at) : '') },
            { key: 'download', title: 'File', render: (_, x) => <DownloadLink x={x} onError={setError} /> },
          ]}
        />
      )}
    </Flex>
  );
}
