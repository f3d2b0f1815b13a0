/**
 * The one generic list page (docs/adding-a-domain.md, step 5): renders a page module's declared list
 * (src/lib/declared-list.ts), loaded on demand by the element `declareList` gives it
 * (declare-list.ts), on the route the registry derives from it (src/lib/registry-derive.ts). Everything goes through the Refine data provider, with the
 * shared pieces the hand-written lists use: the table's paging, sort, search and filters on the
 * server and in the URL (use-list-table.ts), the loading, error and empty states (list-status.tsx),
 * a create/edit drawer (`useDrawerForm`), Refine's Delete button with its question, the command
 * button (use-command.ts behind `CommandGate`), and live refresh (Refine's live provider, fed by the
 * module's `liveRoutes`). With `show`, a column's cells link to the record's page
 * (declared-show-page.tsx). The Actions column is there only when the user may use one of its
 * buttons (the same decision the buttons ask).
 */
import { CreateButton, DeleteButton, EditButton, List, useDrawerForm } from '@refinedev/antd';
import type { BaseRecord } from '@refinedev/core';
import { Empty, Select, Space, Table } from 'antd';
import { declaredCommands, itemName, showLinkOf, type DeclaredList } from '../../src/lib/declared-list';
import { useCommandAllowed } from '../../src/shell/command-gate';
import { PageTitle } from '../../src/shell/page-title';
import { declaredColumns } from './declared-columns';
import { DeclaredCommandButton } from './declared-command-button';
import { DeclaredFormDrawer } from './declared-form-drawer';
import { FilterBar } from './filter-bar';
import { emptyText, ListStatus } from './list-status';
import { useListTable } from './use-list-table';
import { useNavigationKey } from './use-navigation-key';

/** Keyed by arrival: a link to the list with other parameters while it is open reads them again. */
export function DeclaredListPage({ list }: { list: DeclaredList }) {
  return <DeclaredListView key={useNavigationKey()} list={list} />;
}

function DeclaredListView({ list }: { list: DeclaredList }) {
  const { resource } = list;
  const what = list.title.toLowerCase();
  const item = itemName(list);
  const fields = list.fields ?? [];
  const { tableProps, tableQuery, filters, sorters, setFilter, clearFilters, filterValue, retrying, refused } = useListTable<BaseRecord>({ resource });
  const create = useDrawerForm({ action: 'create', resource, redirect: false });
  const edit = useDrawerForm({ action: 'edit', resource, redirect: false });
  const labels = Object.fromEntries((list.filters ?? []).map((f) => [f.key, f.label]));
  const commands = declaredCommands(list);
  const mayEdit = useCommandAllowed(commands.edit);
  const mayDelete = useCommandAllowed(commands.delete);
  const rowActions = mayEdit || mayDelete;
  const linkKey = list.show ? (list.show.link ?? list.columns[0]?.key) : undefined;
  const link = linkKey ? { key: linkKey, to: (r: BaseRecord) => (r.id === undefined ? undefined : showLinkOf(list, r.id)) } : undefined;

  return (
    <List
      resource={resource}
      title={<PageTitle>{list.title}</PageTitle>}
      headerButtons={
        <>
          {list.command && <DeclaredCommandButton command={list.command} resource={resource} />}
          {fields.length > 0 && (
            <CreateButton resource={resource} onClick={() => create.show()}>
              Create {item}
            </CreateButton>
          )}
        </>
      }
    >
      {(list.search || (list.filters?.length ?? 0) > 0) && (
        <FilterBar
          search={filterValue('search')}
          onSearch={list.search ? (v) => setFilter('search', v) : undefined}
          placeholder={`Search ${what}`}
          active={filters.length > 0}
          onClear={clearFilters}
        >
          {list.filters?.map((f) => (
            <Select
              key={f.key}
              aria-label={f.label}
              placeholder={f.label}
              allowClear
              style={{ minWidth: 140 }}
              value={filterValue(f.key)}
              onChange={(v?: string) => setFilter(f.key, v)}
              options={f.options.map((o) => ({ value: o.value, label: o.label }))}
            />
          ))}
        </FilterBar>
      )}
      <ListStatus what={what} query={tableQuery} retrying={retrying} refused={refused} labels={labels} />
      <Table<BaseRecord>
        {...tableProps}
        rowKey="id"
        locale={{ emptyText: emptyText(tableQuery, retrying, <Empty description={filters.length ? `No ${what} match these filters` : `No ${what} yet`} />) }}
        columns={[
          ...declaredColumns<BaseRecord>(list.columns, sorters, link),
          ...(rowActions
            ? [
                {
                  title: 'Actions',
                  key: 'actions',
                  width: 120,
                  render: (_: unknown, r: BaseRecord) => (
                    <Space size={4}>
                      {mayEdit && <EditButton resource={resource} recordItemId={r.id} size="small" hideText aria-label={`Edit ${item}`} onClick={() => edit.show(r.id)} />}
                      {mayDelete && list.delete && <DeleteButton resource={resource} recordItemId={r.id} size="small" hideText aria-label={`Delete ${item}`} confirmTitle={list.delete.confirm} confirmOkText="Delete" />}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {fields.length > 0 && (
        <>
          <DeclaredFormDrawer name={`${resource}-create`} title={`Create ${item}`} fields={fields} form={create} />
          <DeclaredFormDrawer name={`${resource}-edit`} title={`Edit ${item}`} fields={fields} form={edit} />
        </>
      )}
    </List>
  );
}
