// @vitest-environment jsdom
/**
 * Import dialog with a job — docs/commerce.md "Import jobs": a 202 answer is polled
 * every 500 ms, the phase shows with its counts and an antd Progress, then the same valid / done /
 * row report views as a synchronous import; closing the dialog stops polling and cancels nothing.
 * The file goes through the API client's raw-body mode, the job's state through the data provider
 * over that same client (docs/api-client.md "One data path").
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { ImportJob } from '../../resources/shared/import-job';
import { installDomShims } from './support/dom-shims';

// one API client: the upload is its `post`, the polls are the data provider's reads through its `get`
const postText = vi.fn();
const getJson = vi.fn();
vi.mock('../../providers/app-client', async () => {
  const { createDataProvider } = await import('../../providers/data-provider');
  const apiClient = {
    post: (...a: unknown[]) => postText(...a),
    get: (...a: unknown[]) => getJson(...a),
    url: () => '/api',
  };
  return { apiClient, dataProvider: createDataProvider(apiClient as unknown as Parameters<typeof createDataProvider>[0]) };
});

const { ImportDialog } = await import('../../resources/shared/import-dialog');
const { renderConsole } = await import('./support/render-console');

const SOURCE = { key: 'shopify', label: 'Shopify product CSV', path: '/imports/shopify-products', contentType: 'text/csv', accept: '.csv' };

function job(over: Partial<ImportJob>): ImportJob {
  return {
    id: 'job-1', kind: 'shopify-products', status: 'running', phase: 'validating', dry_run: true, rows_total: null, rows_done: 0,
    percent: 0, result: null, error: null, file_name: null, file_bytes: 100, created_at: '2026-01-01T00:00:00.000Z', started_at: null,
    finished_at: null, ...over,
  };
}
const answer = (j: ImportJob) => ({ data: j });

function setup() {
  const onClose = vi.fn();
  const onImported = vi.fn();
  const view = renderConsole({
    path: '/products',
    route: '/products',
    page: <ImportDialog open title="Import products" sources={[SOURCE]} onClose={onClose} onImported={onImported} />,
  });
  return { onClose, onImported, view };
}

async function pickFile(container: HTMLElement) {
  const input = document.body.querySelector('input[type="file"]') ?? container.querySelector('input[type="file"]');
  const file = new File(['Handle,Title\nbig,Big'], 'big.csv', { type: 'text/csv' });
  // jsdom's File has no text(); the browser's does
  Object.defineProperty(file, 'text', { value: async () => 'Handle,Title\nbig,Big' });
  await act(async () => {
    fireEvent.change(input!, { target: { files: [file] } });
  });
  // File.text() and the post settle
  await act(async () => {});
  await act(async () => {});
}

/**
 * One poll: the 500 ms wait, then the answer. react-query hands an answer to the view on a zero-delay
 * timer, which fake timers schedule 1 ms later when it is set while they run.
 */
async function poll() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(500);
  });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(1);
  });
}

const bar = () => screen.getByRole('progressbar');

beforeEach(() => {
  installDomShims({ width: 1440 });
  vi.useFakeTimers();
  postText.mockReset();
  getJson.mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('import dialog with a job', () => {
  it('polls the job, shows each phase with its counts, then the valid view and, after Import, the result', async () => {
    postText.mockResolvedValueOnce({ data: { job: job({ status: 'queued', phase: 'queued' }) } });
    getJson
      .mockResolvedValueOnce(answer(job({ rows_done: 12_000, percent: 30 })))
      .mockResolvedValueOnce(answer(job({ status: 'done', phase: 'done', rows_total: 40_000, rows_done: 40_000, percent: 100, result: { created: 10_000, updated: 0, rows: 40_000, dry_run: true } })));
    const { onImported, view } = setup();
    expect(screen.getByText('Click or drop a Shopify product CSV here')).toBeInTheDocument();
    await pickFile(view.container);
    expect(postText).toHaveBeenCalledWith(
      '/imports/shopify-products',
      undefined,
      expect.objectContaining({ rawBody: 'Handle,Title\nbig,Big', headers: { 'Content-Type': 'text/csv' }, query: { dry_run: 'true', file_name: 'big.csv' } }),
    );
    expect(screen.getByText('Waiting for the server to start…')).toBeInTheDocument();
    expect(getJson).not.toHaveBeenCalled();

    await poll();
    expect(getJson).toHaveBeenCalledWith('/imports/jobs/job-1', expect.anything());
    expect(screen.getByText('Validating rows… 12,000')).toBeInTheDocument();
    expect(bar()).toHaveAttribute('aria-valuenow', '30');

    await poll();
    expect(screen.getByText('The file is valid. Review what will be imported, then choose Import.')).toBeInTheDocument();
    expect(screen.getByText('10,000')).toBeInTheDocument();

    postText.mockResolvedValueOnce({ data: { job: job({ id: 'job-2', status: 'queued', phase: 'queued', dry_run: false }) } });
    getJson
      .mockResolvedValueOnce(answer(job({ id: 'job-2', dry_run: false, rows_total: 40_000, rows_done: 40_000, percent: 100 })))
      .mockResolvedValueOnce(answer(job({ id: 'job-2', dry_run: false, phase: 'writing', rows_total: 40_000, rows_done: 3_000, percent: 7 })))
      .mockResolvedValueOnce(answer(job({ id: 'job-2', dry_run: false, status: 'done', phase: 'done', rows_total: 40_000, rows_done: 40_000, percent: 100, result: { created: 10_000, updated: 0, rows: 40_000, dry_run: false } })));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    });
    await act(async () => {});
    await poll();
    expect(screen.getByText('Validating rows… 40,000 / 40,000')).toBeInTheDocument();
    await poll();
    expect(screen.getByText('Writing… 3,000 / 40,000')).toBeInTheDocument();
    expect(bar()).toHaveAttribute('aria-valuenow', '7');
    expect(onImported).not.toHaveBeenCalled();
    await poll();
    expect(screen.getByText('Import complete')).toBeInTheDocument();
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it('a failed job shows the row report as a synchronous import does', async () => {
    postText.mockResolvedValueOnce({ data: { job: job({ status: 'queued', phase: 'queued' }) } });
    getJson.mockResolvedValueOnce(answer(job({
      status: 'failed', phase: 'failed', rows_total: 40_000,
      error: { code: 'import_invalid', message: 'The file has 1 problem(s); nothing was imported', details: { errors: [{ row: 39_001, column: 'Variant Price', reason: 'Must be a number ≥ 0' }], rows_total: 40_000 } },
    })));
    const { view } = setup();
    await pickFile(view.container);
    await poll();
    expect(screen.getByText('big.csv has 1 problem. Nothing was imported.')).toBeInTheDocument();
    expect(screen.getByText('39001')).toBeInTheDocument();
    expect(screen.getByText('Must be a number ≥ 0')).toBeInTheDocument();
  });

  it('closing while the job runs stops polling and cancels nothing', async () => {
    postText.mockResolvedValueOnce({ data: { job: job({ status: 'queued', phase: 'queued' }) } });
    getJson.mockResolvedValue(answer(job({ rows_done: 1_000, percent: 2 })));
    const { onClose, view } = setup();
    await pickFile(view.container);
    await poll();
    expect(screen.getByText('You can close this dialog: the import continues on the server.')).toBeInTheDocument();
    await act(async () => {
      // the footer's Close (the modal's × is labelled Close too)
      fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).find((b) => b.textContent === 'Close')!);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    const polls = getJson.mock.calls.length;
    await poll();
    await poll();
    expect(getJson).toHaveBeenCalledTimes(polls);
    // only the upload went to the server: no cancel request
    expect(postText).toHaveBeenCalledTimes(1);
  });
});
