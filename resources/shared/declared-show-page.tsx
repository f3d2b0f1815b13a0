/**
 * The one generic show page of a declared list (docs/adding-a-domain.md, step 5; `show` in
 * src/lib/declared-list.ts): one record read with `GET /<resource>/:id` through the Refine data
 * provider (`useShow`), its fields shown as the list shows their cells (declared-columns.tsx), with
 * Refine's back, list and refresh controls. Loaded on demand by the element `declareList` gives it,
 * on the route the registry derives (src/lib/registry-derive.ts `routesOf`). Editing and deleting
 * stay on the list (its drawer and row buttons). An id the API does not know shows the record pages'
 * not-found state (record-page.tsx), with no toast.
 */
import { Show } from '@refinedev/antd';
import { useShow, type BaseRecord } from '@refinedev/core';
import { Descriptions } from 'antd';
import { useParams } from 'react-router';
import { itemName, type DeclaredList } from '../../src/lib/declared-list';
import { BACK_ICON, PageTitle } from '../../src/shell/page-title';
import { cellOf } from './declared-columns';
import { LoadError } from './list-error';
import { useNavigationKey } from './use-navigation-key';
import { RecordGate } from './record-page';

export function DeclaredShowPage({ list }: { list: DeclaredList }) {
  const item = itemName(list);
  return (
    <RecordGate key={useNavigationKey()} resource={list.resource} label={item.charAt(0).toUpperCase() + item.slice(1)}>
      <DeclaredShowView list={list} />
    </RecordGate>
  );
}

function DeclaredShowView({ list }: { list: DeclaredList }) {
  const { id } = useParams();
  const { query, result: record } = useShow<BaseRecord>({ resource: list.resource, id });
  const fields = list.show?.fields ?? list.columns;
  const item = itemName(list);
  const headingKey = list.show?.heading ?? fields[0]?.key;
  const heading = record && headingKey && record[headingKey] != null ? String(record[headingKey]) : item.charAt(0).toUpperCase() + item.slice(1);
  return (
    <Show resource={list.resource} recordItemId={id} title={<PageTitle>{heading}</PageTitle>} goBack={BACK_ICON} isLoading={query.isLoading} canEdit={false} canDelete={false}>
      {query.isError && <LoadError what={`the ${item}`} error={query.error} onRetry={() => void query.refetch()} />}
      {record && (
        <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
          {fields.map((f) => (
            <Descriptions.Item key={f.key} label={f.title}>
              {cellOf(f.kind ?? 'text', record[f.key])}
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
    </Show>
  );
}
