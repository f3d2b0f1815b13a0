/**
 * /pricing — the repricing rules (docs/repricing.md "Rules"): a server-side table (search, sort,
 * pages in the URL) of the tenant's rules with what each governs now, and the rule editor with its
 * live preview. Delete asks first. Writes are the module's commands (write:products).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { List } from '@refinedev/antd';
import { useDelete } from '@refinedev/core';
import { Button, Empty, Popconfirm, Space, Table, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { PricingRule } from '../../contract/pricing';
import { useListTable } from '../shared/use-list-table';
import { useNavigationKey } from '../shared/use-navigation-key';
import { FilterBar } from '../shared/filter-bar';
import { sortable } from '../shared/sortable';
import { ListStatus, emptyText } from '../shared/list-status';
import { dateTime } from '../shared/format';
import { useMarketplaces } from '../listings/marketplace-select';
import { CommandGate } from '../../src/shell/command-gate';
import { PageTitle } from '../../src/shell/page-title';
import pricingModule from './index';
import { RULES_META, RuleEditor } from './rule-editor';
import { STRATEGY_LABEL, scopeText } from './rule-values';

export default function PricingPage() {
  return <RulesView key={useNavigationKey()} />;
}

function RulesView() {
  const { tableProps, tableQuery, filters, sorters, setFilter, clearFilters, filterValue, retrying, refused } = useListTable<PricingRule>({ resource: 'pricing_rules', meta: RULES_META });
  const marketplaces = useMarketplaces();
  const nameOf = (id: string) => marketplaces.data?.data.find((m) => m.id === id)?.name ?? 'account';
  const [editing, setEditing] = useState<{ rule: PricingRule | null } | null>(null);
  const { mutate: remove } = useDelete();
  const close = () => {
    setEditing(null);
    void tableQuery.refetch();
  };

  return (
    <List
      title={<PageTitle>Pricing</PageTitle>}
      headerButtons={
        <>
          <Link to="/pricing/propose">Propose Pricing</Link>
          <Link to="/pricing/agent">Pricing Intelligence</Link>
          <CommandGate command={pricingModule.commands.createRule}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ rule: null })}>
              Create rule
            </Button>
          </CommandGate>
        </>
      }
    >
      <FilterBar search={filterValue('search')} onSearch={(v) => setFilter('search', v)} placeholder="Search rules" active={filters.length > 0} onClear={clearFilters} />
      <ListStatus what="pricing rules" query={tableQuery} retrying={retrying} refused={refused} labels={{ sort: 'Sort' }} />
      <Table<PricingRule>
        {...tableProps}
        rowKey="id"
        scroll={{ x: 1000 }}
        locale={{ emptyText: emptyText(tableQuery, retrying, <Empty description={filters.length ? 'No rules match this search' : 'No pricing rules yet: without one, no listing is repriced'} />) }}
        columns={[
          { title: 'Name', ...sortable('name', sorters), render: (n: string, r) => <>{n} {!r.enabled && <Tag>Disabled</Tag>}</> },
          { title: 'Applies to', dataIndex: 'scope', render: (s: PricingRule['scope']) => scopeText(s, nameOf) },
          { title: 'Strategy', dataIndex: 'strategy', render: (s: PricingRule['strategy']) => STRATEGY_LABEL[s] },
          { title: 'Mode', dataIndex: 'mode', width: 120, render: (m: PricingRule['mode']) => (m === 'auto' ? <Tag color="orange">Auto-apply</Tag> : <Tag color="blue">Proposals</Tag>) },
          { title: 'Listings governed', dataIndex: 'listings_count', align: 'right', width: 150 },
          { title: 'Updated', ...sortable('updated_at', sorters), width: 180, render: (d: string) => dateTime(d) },
          {
            title: 'Actions',
            key: 'actions',
            width: 120,
            render: (_: unknown, r) => (
              <Space>
                <CommandGate command={pricingModule.commands.editRule}>
                  <Button size="small" icon={<EditOutlined />} aria-label={`Edit rule ${r.name}`} onClick={() => setEditing({ rule: r })} />
                </CommandGate>
                <CommandGate command={pricingModule.commands.deleteRule}>
                  <Popconfirm
                    title={`Delete the rule “${r.name}”?`}
                    description={r.listings_count > 0 ? `${r.listings_count} listing${r.listings_count === 1 ? '' : 's'} fall back to the next rule that covers them, or are no longer repriced.` : 'It governs no listing now.'}
                    okText="Delete"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove({ resource: 'pricing_rules', id: r.id, meta: RULES_META, successNotification: () => ({ type: 'success', message: `Rule “${r.name}” deleted` }) })}
                  >
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete rule ${r.name}`} />
                  </Popconfirm>
                </CommandGate>
              </Space>
            ),
          },
        ]}
      />
      <RuleEditor open={!!editing} rule={editing?.rule ?? null} onClose={close} />
    </List>
  );
}
