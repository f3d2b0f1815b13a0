/**
 * Import dialog — docs/commerce.md "Imports and exports": pick a file a seller already has (Shopify product CSV, Amazon order
 * report, eBay order CSV), validate the whole file on the server first (`?dry_run=true`), show every
 * bad row (row, column, reason) or what would be written, and only then import. Nothing is written
 * unless the file is valid: the server answers 400 `import_invalid` with the row report. A large
 * file answers 202 with a job instead (import-job.ts): after the upload the dialog follows it and shows
 * the phase with its progress, then the same report or result; closing the dialog leaves it running.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Modal, Progress, Radio, Space, Table, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { ApiError, finalMessage } from '../../providers/api';
import { jobEnded, jobOf, phaseText, uploadImport, useImportJob, type ImportJob, type RowError } from './import-job';
import type { ImportInvalidDetails } from '../../contract/imports';
import { withArticle } from './format';

export interface ImportSource {
  key: string;
  label: string;
  /** API path, e.g. `/imports/shopify-products`. */
  path: string;
  /** `text/csv` or `text/tab-separated-values`. */
  contentType: string;
  /** File picker filter, e.g. `.csv`. */
  accept: string;
}

export type { RowError } from './import-job';

type Step =
  | { kind: 'pick' }
  | { kind: 'checking'; progress: number }
  | { kind: 'invalid'; errors: RowError[] }
  | { kind: 'ready'; summary: Record<string, unknown> }
  | { kind: 'importing'; progress: number }
  | { kind: 'job'; job: ImportJob; dryRun: boolean }
  | { kind: 'done'; summary: Record<string, unknown> }
  | { kind: 'failed'; message: string };

export interface ImportDialogProps {
  open: boolean;
  title: string;
  sources: readonly ImportSource[];
  onClose: () => void;
  /** Called after a successful import (refreshes the list). */
  onImported: () => void;
}

/** The row report of an `import_invalid` answer, else null. */
export function rowErrorsOf(e: unknown): RowError[] | null {
  if (!(e instanceof ApiError) || e.code !== 'import_invalid') return null;
  const details = e.details as { errors?: RowError[] } | undefined;
  return Array.isArray(details?.errors) ? details.errors : [];
}

/** `products_created` → "Products created": the counts the server reports, whatever it names them. */
export function summaryEntries(summary: Record<string, unknown>): { label: string; value: number }[] {
  return Object.entries(summary)
    .filter((e): e is [string, number] => typeof e[1] === 'number')
    .map(([k, value]) => ({ label: k.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase()), value }));
}

function dataOf(answer: unknown): Record<string, unknown> {
  const a = answer as { data?: unknown } | null;
  const d = a && typeof a === 'object' && 'data' in a ? a.data : answer;
  return d && typeof d === 'object' ? (d as Record<string, unknown>) : {};
}

/** What an ended job shows: the same views as a synchronous answer. */
function afterJob(job: ImportJob, dryRun: boolean): Step {
  if (job.status === 'done') return { kind: dryRun ? 'ready' : 'done', summary: job.result ?? {} };
  if (job.error?.code === 'import_invalid') return { kind: 'invalid', errors: (job.error.details as ImportInvalidDetails | null)?.errors ?? [] };
  return { kind: 'failed', message: job.error?.message ?? 'The import failed.' };
}

/** What the import did or left alone, in the server's words (a payout already received…), else none. */
export function summaryNotes(summary: Record<string, unknown>): string[] {
  const n = summary.notes;
  return Array.isArray(n) ? n.filter((x): x is string => typeof x === 'string') : [];
}

function Summary({ summary }: { summary: Record<string, unknown> }) {
  const entries = summaryEntries(summary);
  const notes = summaryNotes(summary);
  if (entries.length === 0 && notes.length === 0) return null;
  return (
    <>
      {entries.length > 0 && (
        <Descriptions size="small" column={2} bordered>
          {entries.map((e) => (
            <Descriptions.Item key={e.label} label={e.label}>
              {e.value.toLocaleString('en-US')}
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
      {notes.length > 0 && (
        <ul aria-label="What the import did" style={{ marginTop: 12, paddingLeft: 20 }}>
          {notes.map((n) => <li key={n}>{n}</li>)}
        </ul>
      )}
    </>
  );
}

export function ImportDialog({ open, title, sources, onClose, onImported }: ImportDialogProps) {
  const [sourceKey, setSourceKey] = useState(sources[0]?.key);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const source = sources.find((s) => s.key === sourceKey) ?? sources[0];
  // the job is followed while the dialog shows it: closing or starting over stops reading it, the job
  // itself keeps running on the server
  const followed = useImportJob(step.kind === 'job' ? step.job : null);
  useEffect(() => {
    if (step.kind !== 'job') return;
    if (followed.error) {
      setStep({ kind: 'failed', message: finalMessage(followed.error) });
      return;
    }
    const job = followed.job;
    if (!job || job.id !== step.job.id || !jobEnded(job)) return;
    const next = afterJob(job, step.dryRun);
    setStep(next);
    if (next.kind === 'done') onImported();
  }, [step, followed.job, followed.error, onImported]);

  const reset = () => {
    setFile(null);
    setStep({ kind: 'pick' });
  };
  const close = () => {
    reset();
    onClose();
  };

  const finished = (summary: Record<string, unknown>, dryRun: boolean) => {
    setStep({ kind: dryRun ? 'ready' : 'done', summary });
    if (!dryRun) onImported();
  };

  const send = async (name: string, text: string, dryRun: boolean) => {
    const running = dryRun ? 'checking' : 'importing';
    setStep({ kind: running, progress: 0 });
    try {
      const answer = await uploadImport(source.path, text, source.contentType, {
        query: { ...(dryRun ? { dry_run: 'true' } : {}), file_name: name },
        onProgress: (progress) => setStep({ kind: running, progress }),
      });
      const job = jobOf(answer);
      if (job) setStep({ kind: 'job', job, dryRun });
      else finished(dataOf(answer), dryRun);
    } catch (e) {
      const errors = rowErrorsOf(e);
      setStep(errors ? { kind: 'invalid', errors } : { kind: 'failed', message: finalMessage(e) });
    }
  };

  const pick = async (f: File) => {
    const text = await f.text();
    setFile({ name: f.name, text });
    await send(f.name, text, true);
  };

  // uploading blocks closing; a job runs on the server whether the dialog stays open or not
  const busy = step.kind === 'checking' || step.kind === 'importing';
  const footer = [
    <Button key="close" onClick={close} disabled={busy}>
      {step.kind === 'done' || step.kind === 'job' ? 'Close' : 'Cancel'}
    </Button>,
    step.kind === 'ready' && file && (
      <Button key="import" type="primary" onClick={() => send(file.name, file.text, false)}>
        Import
      </Button>
    ),
  ];

  return (
    <Modal open={open} title={title} onCancel={busy ? undefined : close} footer={footer} width={720} destroyOnHidden maskClosable={false}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {sources.length > 1 && (
          <Radio.Group
            aria-label="File type"
            value={source.key}
            disabled={busy}
            onChange={(e) => {
              setSourceKey(e.target.value as string);
              reset();
            }}
            options={sources.map((s) => ({ label: s.label, value: s.key }))}
            optionType="button"
          />
        )}
        {step.kind === 'pick' || step.kind === 'failed' || step.kind === 'invalid' ? (
          <Upload.Dragger
            accept={source.accept}
            multiple={false}
            showUploadList={false}
            beforeUpload={(f) => {
              void pick(f);
              // the file is read and posted by us, not uploaded by antd
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">Click or drop {withArticle(source.label)} here</p>
            <p className="ant-upload-hint">The whole file is checked first; nothing is written until you confirm.</p>
          </Upload.Dragger>
        ) : (
          file && <Typography.Text strong>{file.name}</Typography.Text>
        )}
        {busy && (
          <div>
            <Typography.Text>{step.kind === 'checking' ? 'Checking the file...' : 'Importing...'}</Typography.Text>
            <Progress percent={step.progress} status="active" />
          </div>
        )}
        {step.kind === 'job' && followed.job && (
          <div>
            <Typography.Text>{phaseText(followed.job)}</Typography.Text>
            <Progress percent={followed.job.percent} status="active" aria-label="Import progress" />
            <Typography.Text type="secondary">You can close this dialog: the import continues on the server.</Typography.Text>
          </div>
        )}
        {step.kind === 'failed' && <Alert type="error" showIcon message="The file could not be checked" description={step.message} />}
        {step.kind === 'invalid' && (
          <>
            <Alert
              type="error"
              showIcon
              message={`${file?.name ?? 'The file'} has ${step.errors.length} problem${step.errors.length === 1 ? '' : 's'}. Nothing was imported.`}
              description="Fix these rows and choose the file again."
            />
            <Table<RowError>
              size="small"
              rowKey={(r) => `${r.row}-${r.column}-${r.reason}`}
              dataSource={step.errors}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              columns={[
                { title: 'Row', dataIndex: 'row', width: 80 },
                { title: 'Column', dataIndex: 'column', width: 200 },
                { title: 'Reason', dataIndex: 'reason' },
              ]}
            />
          </>
        )}
        {step.kind === 'ready' && (
          <>
            <Alert type="success" showIcon message="The file is valid. Review what will be imported, then choose Import." />
            <Summary summary={step.summary} />
          </>
        )}
        {step.kind === 'done' && (
          <>
            <Alert type="success" showIcon message="Import complete" />
            <Summary summary={step.summary} />
          </>
        )}
      </Space>
    </Modal>
  );
}
