/**
 * /payments → Reconciliation (docs/reconciliation.md "Console"): the problems between shipped orders
 * and the payouts that should have paid them, as a server-side table (kind, status and marketplace
 * filters, search by order or payout id, sort by amount or date, pages — all in the URL), each with
 * its amount, what it is and what to do, links to its order and payout, and its Resolve action for the
 * roles that may decide. "Upload settlement report" opens the import dialog with the two payout files.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useInvalidate } from '@refinedev/core';
import { Button, Empty, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useListTable } from '../shared/use-list-table';
import { FilterBar } from '../shared/filter-bar';
import { sortable } from '../shared/sortable';
import { ListStatus, emptyText } from '../shared/list-status';
import { ImportDialog, type ImportSource } from '../shared/import-dialog';
import { dateTime, moneyCents } from '../shared/format';
import { CommandGate, useCommandAllowed } from '../../src/shell/command-gate';
import { MARKETPLACES, MARKETPLACE_LABEL } from '../../contract/orders';
import { PROBLEM_KINDS, PROBLEM_KIND_LABEL, PROBLEM_STATUSES, PROBLEM_STATUS_LABEL, type ProblemRow, type ProblemStatus } from '../../contract/reconciliation';
import { ResolveProblem } from './resolve-problem';
import paymentsModule from './index';

const SETTLEMENT_UPLOADS: readonly ImportSource[] = [
  { key: 'amazon', label: 'Amazon settlement report (flat file V2)', path: '/imports/amazon-settlement', contentType: 'text/tab-separated-values', accept: '.txt,.tsv' },
  { key: 'shopify', label: 'Shopify payout transactions (CSV)', path: '/imports/shopify-payouts', contentType: 'text/csv', accept: '.csv,text/csv' },
];

const LIST_META = { path: '/payouts/reconciliation' };
const FILTER_LABELS = { kind: 'Problem', status: 'Status', marketplace: 'Marketplace', sort: 'Sort' };
const STATUS_COLOR: Record<ProblemStatus, string> = { open: 'orange', accepted: 'default', disputed: 'blue', resolved: 'green' };

export function ReconciliationTab() {
  const invalidate = useInvalidate();
  const { tableProps, tableQuery, filters, sorters, setFilter, clearFilters, filterValue, retrying, refused } = useListTable<ProblemRow>({ resource: 'reconciliation', meta: LIST_META });
  const [uploading, setUploading] = useState(false);
  const mayResolve = useCommandAllowed(paymentsModule.commands?.resolveProblem);

  const columns: TableColumnsType<ProblemRow> = [
    { title: 'Problem', ...sortable('kind', sorters), width: 170, render: (_: unknown, p) => PROBLEM_KIND_LABEL[p.kind] },
    { title: 'Amount', ...sortable('amount_cents', sorters), align: 'right', width: 110, render: (_: unknown, p) => moneyCents(p.amount_cents, p.currency) },
    {
      title: 'What happened / what to do',
      key: 'explanation',
      render: (_: unknown, p) => (
        <>
          <div>{p.explanation}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{p.what_to_do}</Typography.Text>
          {p.note && <div style={{ fontSize: 12 }}>Note: {p.note}</div>}
        </>
      ),
    },
    {
      title: 'Order / payout',
      key: 'links',
      width: 150,
      render: (_: unknown, p) => (
        <Space direction="vertical" size={0}>
          {p.order_id && <Link to={`/orders/${encodeURIComponent(p.order_id)}`}>{p.order_id}</Link>}
          {p.payout_id && <Link to={`/payments?payout=${encodeURIComponent(p.payout_id)}`}>Payout {p.facts.external_payout_id ?? ''}</Link>}
          {!p.order_id && p.facts.external_order_id && <span>{p.facts.external_order_id}</span>}
        </Space>
      ),
    },
    { title: 'Marketplace', dataIndex: 'marketplace', width: 110, render: (m: ProblemRow['marketplace']) => MARKETPLACE_LABEL[m] },
    { title: 'Found', ...sortable('found_at', sorters), width: 150, render: (_: unknown, p) => dateTime(p.found_at) },
    {
      title: 'Status',
      ...sortable('status', sorters),
      width: 120,
      render: (_: unknown, p) => <Tag color={STATUS_COLOR[p.status]}>{PROBLEM_STATUS_LABEL[p.status]}</Tag>,
    },
    ...(mayResolve
      ? [{
          title: 'Action', key: 'action', width: 100,
          render: (_: unknown, p: ProblemRow) => (p.status === 'open' || p.status === 'disputed' ? <ResolveProblem problem={p} /> : p.resolved_by ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{p.resolved_by}</Typography.Text> : null),
        }]
      : []),
  ];

  return (
    <>
      <FilterBar
        search={filterValue('search')}
        onSearch={(v) => setFilter('search', v)}
        placeholder="Search order or payout id"
        active={filters.length > 0}
        onClear={clearFilters}
      >
        <Select aria-label="Problem" placeholder="Problem" allowClear style={{ width: 200 }} value={filterValue('kind')} onChange={(v?: string) => setFilter('kind', v)}
          options={PROBLEM_KINDS.map((k) => ({ value: k, label: PROBLEM_KIND_LABEL[k] }))} />
        <Select aria-label="Status" placeholder="Status" allowClear style={{ width: 140 }} value={filterValue('status')} onChange={(v?: string) => setFilter('status', v)}
          options={PROBLEM_STATUSES.map((s) => ({ value: s, label: PROBLEM_STATUS_LABEL[s] }))} />
        <Select aria-label="Marketplace" placeholder="Marketplace" allowClear style={{ width: 150 }} value={filterValue('marketplace')} onChange={(v?: string) => setFilter('marketplace', v)}
          options={MARKETPLACES.map((m) => ({ value: m, label: MARKETPLACE_LABEL[m] }))} />
        {paymentsModule.commands?.uploadSettlement && (
          <CommandGate command={paymentsModule.commands.uploadSettlement}>
            <Button icon={<UploadOutlined />} onClick={() => setUploading(true)}>Upload settlement report</Button>
          </CommandGate>
        )}
      </FilterBar>
      <ListStatus what="reconciliation problems" query={tableQuery} retrying={retrying} refused={refused} labels={FILTER_LABELS} />
      <Table<ProblemRow>
        {...tableProps}
        rowKey="id"
        scroll={{ x: 1000 }}
        locale={{ emptyText: emptyText(tableQuery, retrying, <Empty description={filters.length ? 'No problems match these filters' : 'No reconciliation problems: every shipped order is matched to its payout'} />) }}
        columns={columns}
      />
      <ImportDialog
        open={uploading}
        title="Upload settlement report"
        sources={SETTLEMENT_UPLOADS}
        onClose={() => setUploading(false)}
        onImported={() => void invalidate({ resource: 'reconciliation', invalidates: ['list'] })}
      />
    </>
  );
}
