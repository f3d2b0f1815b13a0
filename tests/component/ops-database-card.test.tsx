// @vitest-environment jsdom
/** The Ops Console's database card (docs/ops-ui.md "Database"): a pool gauge for PostgreSQL, none for PGlite's one connection. */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseCard } from '../../resources/ops/ops-detail-cards';
import { installDomShims } from './support/dom-shims';

beforeAll(installDomShims);

afterEach(cleanup);

describe('database card', () => {
  it("PGlite's one connection is not drawn as a full, red pool", () => {
    render(<DatabaseCard db={{ engine: 'pglite', connections: 1, max_connections: 1, query_time_p95: 1.5 }} />);
    expect(screen.getByText('1 (embedded, queries take turns)')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByText('1 / 1')).toBeNull();
  });

  it('a PostgreSQL pool shows its use, red from 90 %', () => {
    render(<DatabaseCard db={{ engine: 'postgres', connections: 19, max_connections: 20, query_time_p95: 3.2 }} />);
    expect(screen.getByText('19 / 20')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Connections in use' }).closest('.ant-progress')).toHaveClass('ant-progress-status-exception');
  });
});
