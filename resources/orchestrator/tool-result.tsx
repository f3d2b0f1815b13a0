/**
 * What a tool answered, as the assistant shows it (docs/orchestrator.md): a table of rows (a row's
 * `_link` opens that record, the table's `link` is "View all"), a card of labelled values with their
 * links, or plain text. Rows arrive display-ready from the server.
 */
import { Card, Descriptions, Table, Typography } from 'antd';
import { Link } from 'react-router';
import type { CardResult, TableResult, ToolResult } from './types';

const cell = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** Columns of rows that carry no column list (an action's preview): every key but `_link`. */
export function columnsOf(rows: Record<string, unknown>[]): TableResult['columns'] {
  const keys: string[] = [];
  for (const r of rows) for (const k of Object.keys(r)) if (k !== '_link' && !keys.includes(k)) keys.push(k);
  return keys.map((k) => ({ key: k, title: k.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()) }));
}

/** A small table; the first column of a row with `_link` links to it. */
export function RowsTable({ title, columns, rows }: { title: string; columns: TableResult['columns']; rows: Record<string, unknown>[] }) {
  return (
    <Table
      size="small"
      aria-label={title}
      pagination={false}
      scroll={{ x: true }}
      rowKey={(_, i) => String(i)}
      dataSource={rows}
      columns={columns.map((c, i) => ({
        key: c.key,
        title: c.title,
        render: (_: unknown, row: Record<string, unknown>) => {
          const link = i === 0 && typeof row._link === 'string' ? row._link : null;
          return link ? <Link to={link}>{cell(row[c.key])}</Link> : cell(row[c.key]);
        },
      }))}
    />
  );
}

function TableCard({ result }: { result: TableResult }) {
  const more = result.total > result.rows.length;
  return (
    <Card size="small" title={result.title} extra={result.link ? <Link to={result.link}>View all</Link> : undefined}>
      {result.rows.length === 0 ? <Typography.Text type="secondary">Nothing to show.</Typography.Text> : <RowsTable title={result.title} columns={result.columns} rows={result.rows} />}
      {more && (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
          Showing {result.rows.length} of {result.total}.
        </Typography.Text>
      )}
    </Card>
  );
}

function FieldsCard({ result }: { result: CardResult }) {
  return (
    <Card size="small" title={result.title}>
      <Descriptions size="small" column={1} items={result.fields.map((f, i) => ({ key: String(i), label: f.label, children: f.link ? <Link to={f.link}>{f.value}</Link> : f.value }))} />
    </Card>
  );
}

export function ToolResultView({ result }: { result: ToolResult }) {
  if (result.kind === 'table') return <TableCard result={result} />;
  if (result.kind === 'card') return <FieldsCard result={result} />;
  return <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{result.text}</Typography.Paragraph>;
}
