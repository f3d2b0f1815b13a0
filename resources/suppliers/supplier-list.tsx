/**
 * /suppliers — docs/product/routes-and-roles.md (query `tier`), docs/product/api-calls.md "The calls", docs/commerce.md "Lists, paging, search": server-side paging, sorting, search and
 * filters (tier, country) kept in the URL, so `/suppliers?tier=1` lists tier-1 suppliers; "Score all";
 * create; CSV export. Every successful create/update/delete/score-all refreshes this list (docs/product/api-calls.md).
 */
import { useNavigate } from 'react-router';
import { CreateButton, List } from '@refinedev/antd';
import { Empty, Input, Select, Table } from 'antd';
import { useListTable } from '../shared/use-list-table';
import { useNavigationKey } from '../shared/use-navigation-key';
import { FilterBar } from '../shared/filter-bar';
import { sortable } from '../shared/sortable';
import { ExportCsvButton } from '../shared/export-csv-button';
import { ListStatus, emptyText } from '../shared/list-status';
import { mockSuppliers } from '../shared/commerce-mock';
import { percent, score } from '../shared/format';
import { CommandGate } from '../../src/shell/command-gate';
import suppliersModule from './index';
import { ScoreAllButton } from './score-all-button';
import { TierTag } from './tier-tag';
import { TIERS, type Supplier } from '../../contract/suppliers';
import { PageTitle } from '../../src/shell/page-title';

/** Keyed by arrival: a link to `/suppliers?tier=…` while the list is open reads its parameters again. */
export default function SupplierList() {
  return <SupplierListView key={useNavigationKey()} />;
}

const SUPPLIER_FILTER_LABELS = { tier: 'Tier', country: 'Country', sort: 'Sort' };

function SupplierListView() {
  const navigate = useNavigate();
  const { tableProps, tableQuery, filters, sorters, setFilter, clearFilters, filterValue, retrying, refused, mocked } = useListTable<Supplier>({ resource: 'suppliers', fallback: mockSuppliers });
  const country = filterValue('country');

  return (
    <List
      title={<PageTitle>Suppliers</PageTitle>}
      headerButtons={
        <>
          <CommandGate command={suppliersModule.commands.scoreAll}>
            <ScoreAllButton />
          </CommandGate>
          <ExportCsvButton path="/suppliers/export.csv" stem="suppliers" filters={filters} sorters={sorters} />
          <CreateButton resource="suppliers">Create supplier</CreateButton>
        </>
      }
    >
      <FilterBar search={filterValue('search')} onSearch={(v) => setFilter('search', v)} placeholder="Search suppliers" active={filters.length > 0} onClear={clearFilters}>
        <Select
          aria-label="Tier"
          placeholder="Tier"
          allowClear
          style={{ width: 120 }}
          value={filterValue('tier')}
          onChange={(v?: string) => setFilter('tier', v)}
          options={TIERS.map((t) => ({ value: String(t), label: `Tier ${t}` }))}
        />
        <Input
          key={country ?? ''}
          aria-label="Country code"
          placeholder="Country (e.g. US)"
          defaultValue={country}
          maxLength={2}
          allowClear
          style={{ width: 150 }}
          onChange={(e) => {
            const v = e.target.value.trim().toUpperCase();
            // the API takes two-letter codes only: filter once one is complete, or clear
            if (v.length === 2 || v.length === 0) setFilter('country', v);
          }}
        />
      </FilterBar>
      <ListStatus what="suppliers" query={tableQuery} retrying={retrying} refused={refused} mocked={mocked} labels={SUPPLIER_FILTER_LABELS} />
      <Table<Supplier>
        {...tableProps}
        rowKey="id"
        scroll={{ x: 900 }}
        onRow={(s) => ({ onClick: () => navigate(`/suppliers/${s.id}`), style: { cursor: 'pointer' } })}
        locale={{ emptyText: emptyText(tableQuery, retrying, <Empty description={filters.length ? 'No suppliers match these filters' : 'No suppliers yet'} />) }}
        columns={[
          { title: 'Name', ...sortable('name', sorters), ellipsis: true },
          { title: 'Tier', ...sortable('tier', sorters), width: 100, render: (t: number) => <TierTag tier={t} /> },
          { title: 'Score', ...sortable('score', sorters), align: 'right', width: 90, render: (s: number | null) => score(s) },
          { title: 'Country', dataIndex: 'country', width: 90, render: (c: string | null) => c ?? '—' },
          // before its first scoring a supplier's rates are defaults, not measurements: "—"
          { title: 'On-time', dataIndex: 'on_time_rate', align: 'right', width: 100, render: (r: number, s) => (s.scored_at ? percent(r) : '—') },
          { title: 'Defects', dataIndex: 'defect_rate', align: 'right', width: 100, render: (r: number, s) => (s.scored_at ? percent(r) : '—') },
          { title: 'Lead time', dataIndex: 'lead_time_days', align: 'right', width: 110, render: (d: number) => `${d} days` },
          { title: 'Contact', dataIndex: 'contact_name', ellipsis: true, render: (c: string | null) => c ?? '—' },
        ]}
      />
    </List>
  );
}
