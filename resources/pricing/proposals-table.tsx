/**
 * The proposals list (`GET /api/pricing/proposals`, docs/repricing.md "Proposals"): server-side pages,
 * sort (newest, change, margin impact, SKU) and filters (status — pending first —, marketplace, margin
 * up or down) in the URL; old → new price, unit margin before → after, the reason sentence; row
 * actions and a bulk approve/reject of the selected pending ones. Layout: the fixed columns are as
 * narrow as their contents, "Why" takes the rest (one line, ellipsis, the whole sentence in a
 * tooltip) and the actions stay fixed on the right, visible whatever the horizontal scroll.
 */
import { useState } from 'react';
import { Button, Empty, Flex, Select, Table, Tag, Tooltip, Typography } from 'antd';
import { PROPOSAL_STATUSES, type PriceProposal, type ProposalStatus } from '../../contract/pricing';
import { useListTable } from '../shared/use-list-table';
import { sortable } from '../shared/sortable';
import { ListStatus, emptyText } from '../shared/list-status';
import { dateTime, humanize } from '../shared/format';
import { moneyCents } from '../shared/format';
import { MarketplaceSelect } from '../listings/marketplace-select';
import { ProposalActions } from './proposal-actions';
import { ProposalsBulk } from './proposals-bulk';

export const PROPOSALS_META = { path: '/pricing/proposals', label: 'Proposal' } as const;

const STATUS_COLOR: Record<ProposalStatus, string> = { pending: 'blue', approved: 'green', applied: 'green', rejected: 'default', expired: 'orange' };
const LABELS = { status: 'Status', marketplace_id: 'Marketplace', margin_impact: 'Margin', sort: 'Sort' };

/**
 * Column widths (px). "Why" has none: it takes what the others leave, at least WHY_MIN_WIDTH, since
 * the table scrolls from SCROLL_X on (selection column included).
 */
export const PROPOSAL_COLUMN_WIDTHS = { sku: 160, price: 200, margin: 140, status: 96, proposed: 150, actions: 200 } as const;
const WHY_MIN_WIDTH = 280;
const SCROLL_X = 32 + Object.values(PROPOSAL_COLUMN_WIDTHS).reduce((a, b) => a + b, 0) + WHY_MIN_WIDTH;

function change(p: PriceProposal) {
  const d = p.new_price_cents - p.old_price_cents;
  return (
    <>
      {moneyCents(p.old_price_cents)} → <Typography.Text strong>{moneyCents(p.new_price_cents)}</Typography.Text>{' '}
      <Typography.Text type={d < 0 ? 'danger' : 'success'}>
        ({d < 0 ? '−' : '+'}
        {moneyCents(Math.abs(d))})
      </Typography.Text>
    </>
  );
}

export function ProposalsTable() {
  const { tableProps, tableQuery, filters, sorters, setFilter, clearFilters, filterValue, retrying, refused } = useListTable<PriceProposal>({
    resource: 'price_proposals',
    meta: PROPOSALS_META,
  });
  const [selected, setSelected] = useState<PriceProposal[]>([]);
  const rows = (tableProps.dataSource ?? []) as PriceProposal[];

  return (
    <section aria-labelledby="proposals-title">
      <Typography.Title level={2} id="proposals-title" style={{ fontSize: 18, marginBottom: 12 }}>
        Proposals
      </Typography.Title>
      <Flex gap={8} wrap align="center" role="group" aria-label="Proposal filters" style={{ marginBottom: 16 }}>
        <Select
          aria-label="Proposal status"
          placeholder="Any status"
          allowClear
          style={{ width: 160 }}
          value={filterValue('status')}
          onChange={(v?: string) => setFilter('status', v)}
          options={PROPOSAL_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
        />
        <MarketplaceSelect aria-label="Proposal marketplace" style={{ width: 220 }} value={filterValue('marketplace_id')} onChange={(v) => setFilter('marketplace_id', v as string | undefined)} />
        <Select
          aria-label="Margin impact"
          placeholder="Any margin change"
          allowClear
          style={{ width: 180 }}
          value={filterValue('margin_impact')}
          onChange={(v?: string) => setFilter('margin_impact', v)}
          options={[
            { value: 'down', label: 'Margin goes down' },
            { value: 'up', label: 'Margin goes up' },
          ]}
        />
        {filters.length > 0 && (
          <Button type="link" onClick={clearFilters}>
            Clear filters
          </Button>
        )}
      </Flex>
      <ListStatus what="proposals" query={tableQuery} retrying={retrying} refused={refused} labels={LABELS} />
      <ProposalsBulk selected={selected} onClear={(keep = []) => setSelected((s) => s.filter((p) => keep.includes(p.id)))} />
      <Table<PriceProposal>
        {...tableProps}
        rowKey="id"
        scroll={{ x: SCROLL_X }}
        tableLayout="fixed"
        rowSelection={{
          selectedRowKeys: selected.map((p) => p.id),
          getCheckboxProps: (p) => ({ disabled: p.status !== 'pending', 'aria-label': `Select ${p.sku}` }),
          onChange: (keys) => setSelected((prev) => [...prev.filter((p) => keys.includes(p.id) && !rows.some((r) => r.id === p.id)), ...rows.filter((r) => keys.includes(r.id))]),
        }}
        locale={{ emptyText: emptyText(tableQuery, retrying, <Empty description={filters.length ? 'No proposals match these filters' : 'No proposals yet: propose prices above'} />) }}
        columns={[
          {
            title: 'SKU',
            ...sortable('sku', sorters),
            width: PROPOSAL_COLUMN_WIDTHS.sku,
            render: (s: string, p) => (
              <>
                <Typography.Text strong ellipsis={{ tooltip: s }}>
                  {s}
                </Typography.Text>
                <div>
                  <Typography.Text type="secondary" ellipsis={{ tooltip: p.marketplace_name }}>
                    {p.marketplace_name}
                  </Typography.Text>
                </div>
              </>
            ),
          },
          { title: 'Price', ...sortable('change', sorters), width: PROPOSAL_COLUMN_WIDTHS.price, render: (_: unknown, p) => change(p) },
          {
            title: 'Unit margin',
            ...sortable('margin_impact', sorters),
            width: PROPOSAL_COLUMN_WIDTHS.margin,
            render: (_: unknown, p) => (p.margin_before_cents === null ? 'No cost on file' : `${moneyCents(p.margin_before_cents)} → ${moneyCents(p.margin_after_cents)}`),
          },
          {
            title: 'Why',
            dataIndex: 'reason',
            key: 'reason',
            // one line; the whole sentence on hover or focus
            ellipsis: { showTitle: false },
            render: (r: string) => (
              <Tooltip title={r} placement="topLeft">
                <span tabIndex={0} aria-label={r}>
                  {r}
                </span>
              </Tooltip>
            ),
          },
          { title: 'Status', dataIndex: 'status', width: PROPOSAL_COLUMN_WIDTHS.status, render: (s: ProposalStatus) => <Tag color={STATUS_COLOR[s]}>{humanize(s)}</Tag> },
          { title: 'Proposed', ...sortable('created_at', sorters), width: PROPOSAL_COLUMN_WIDTHS.proposed, render: (d: string) => dateTime(d) },
          { title: 'Actions', key: 'actions', fixed: 'right', width: PROPOSAL_COLUMN_WIDTHS.actions, render: (_: unknown, p) => <ProposalActions p={p} /> },
        ]}
      />
    </section>
  );
}
