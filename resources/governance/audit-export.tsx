/**
 * "Export" of the Audit Logs tab (docs/governance.md "Exports"): the filtered view as CSV or JSON
 * Lines, made in the background by the server (POST /governance/exports); the progress shows while
 * it runs (GET /governance/exports/:id, polled) and the download link once it is done.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Dropdown, Flex, Progress, Typography } from 'antd';
import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import type { OneResponse } from '../../contract/api';
import type { Export, ExportFormat } from '../../contract/exports';
import { apiClient } from '../../providers/app-client';
import { finalMessage } from '../../providers/api';
import { saveBlob } from '../shared/download';
import { activeFilters, type AuditFilterValues } from './audit-query';

const POLL_MS = 1000;
const FORMAT_NAME: Record<ExportFormat, string> = { csv: 'CSV', jsonl: 'JSON Lines' };

export function AuditExport({ filters }: { filters: AuditFilterValues }) {
  const [job, setJob] = useState<Export | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);

  const poll = useQuery({
    queryKey: ['governance', 'exports', job?.id],
    enabled: job !== null,
    queryFn: ({ signal }) => apiClient.get<OneResponse<Export>>(`/governance/exports/${job!.id}`, { signal }),
    refetchInterval: (q) => (q.state.data && ['queued', 'running'].includes(q.state.data.data.status) ? POLL_MS : false),
  });
  const current = poll.data?.data ?? job;

  const start = async (format: ExportFormat) => {
    setStarting(true);
    setError(null);
    try {
      const r = await apiClient.post<OneResponse<Export>>('/governance/exports', { kind: 'audit', format, filters: activeFilters(filters) });
      setJob(r.data);
    } catch (e) {
      setError(finalMessage(e));
    } finally {
      setStarting(false);
    }
  };

  const download = async (x: Export) => {
    setDownloading(true);
    try {
      const blob = await apiClient.blob(x.download_url!.replace(/^\/api/, ''));
      saveBlob(blob, `audit-log-${x.created_at.slice(0, 10)}.${x.format}`);
    } catch (e) {
      setError(finalMessage(e));
    } finally {
      setDownloading(false);
    }
  };

  const running = current && (current.status === 'queued' || current.status === 'running');
  return (
    <Flex vertical gap={8} style={{ minWidth: 260 }}>
      <Dropdown
        trigger={['click']}
        disabled={starting || !!running}
        menu={{ items: (['csv', 'jsonl'] as const).map((f) => ({ key: f, label: FORMAT_NAME[f] })), onClick: ({ key }) => void start(key as ExportFormat) }}
      >
        <Button icon={<ExportOutlined />} loading={starting || !!running}>
          Export
        </Button>
      </Dropdown>
      {current && (
        <div role="status" aria-live="polite">
          {running && (
            <>
              <Typography.Text>Exporting the filtered entries as {FORMAT_NAME[current.format]}…</Typography.Text>
              <Progress percent={current.progress} size="small" aria-label="Export progress" />
            </>
          )}
          {current.status === 'done' && current.download_url && (
            <Flex gap={8} align="center" wrap>
              <Typography.Text>
                Export ready: {current.rows} {current.rows === 1 ? 'entry' : 'entries'}. The file is kept for 24 hours.
              </Typography.Text>
              <Button type="link" icon={<DownloadOutlined />} loading={downloading} onClick={() => void download(current)}>
                Download {FORMAT_NAME[current.format]}
              </Button>
            </Flex>
          )}
          {current.status === 'failed' && <Alert type="error" showIcon message="The export failed" description={current.error ?? undefined} />}
          {current.status === 'expired' && <Alert type="warning" showIcon message="This export has expired; start a new one" />}
        </div>
      )}
      {poll.isError && <Alert type="error" showIcon message="Could not read the export's progress" description={finalMessage(poll.error)} action={<Button onClick={() => void poll.refetch()}>Retry</Button>} />}
      {error && <Alert type="error" showIcon role="alert" message="Export failed" description={error} />}
    </Flex>
  );
}
