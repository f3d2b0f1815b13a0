/**
 * The table columns of a declared list (src/lib/declared-list.ts): each column's cell by its kind,
 * sortable ones sorted by the server and following the URL (sortable.ts); with a show page, one
 * column's cell links to the row's record.
 */
import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { Link } from 'react-router';
import type { ColumnsType } from 'antd/es/table';
import type { BaseRecord, CrudSort } from '@refinedev/core';
import type { ColumnKind, DeclaredColumn } from '../../src/lib/declared-list';
import { dateTime, humanize, money } from './format';
import { sortable } from './sortable';

/** One cell: "—" for no value; cents as dollars; dates as YYYY-MM-DD HH:mm; a tag's value humanized. */
export function cellOf(kind: ColumnKind, value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return '—';
  switch (kind) {
    case 'number':
      return typeof value === 'number' ? value.toLocaleString('en-US') : String(value);
    case 'money-cents':
      return money(Number(value) / 100);
    case 'date':
      return dateTime(String(value));
    case 'tag':
      return <Tag>{humanize(String(value))}</Tag>;
    default:
      return String(value);
  }
}

/** The column whose cells link to each record's page, and the link of a record. */
export interface RowLink<T> {
  key: string;
  to: (record: T) => string | undefined;
}

export function declaredColumns<T extends BaseRecord>(columns: readonly DeclaredColumn[], sorters: CrudSort[], link?: RowLink<T>): ColumnsType<T> {
  return columns.map((c) => {
    const kind = c.kind ?? 'text';
    return {
      title: c.title,
      ...(c.sortable ? sortable(c.key, sorters) : { key: c.key, dataIndex: c.key }),
      align: kind === 'number' || kind === 'money-cents' ? ('right' as const) : undefined,
      ellipsis: kind === 'text',
      render: (value: unknown, record: T) => {
        const to = link?.key === c.key ? link.to(record) : undefined;
        return to ? <Link to={to}>{cellOf(kind, value)}</Link> : cellOf(kind, value);
      },
    };
  });
}
