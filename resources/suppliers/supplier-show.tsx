/**
 * /suppliers/:id — docs/product/routes-and-roles.md, docs/commerce.md: the supplier's fields, score, tier, a performance summary
 * (recency-weighted rates stored by the last scoring; "—" before the first) and the way to its monthly
 * performance charts, its variant mappings and the purchase orders sent to it (docs/dropshipping.md). Delete says
 * what it will do to the supplier's products, then goes to the list.
 */
import { EditButton, Show } from '@refinedev/antd';
import { useShow } from '@refinedev/core';
import { Button, Descriptions, Typography } from 'antd';
import { LineChartOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { LoadError } from '../shared/list-error';
import { dateTime, percent } from '../shared/format';
import { DeleteToListButton } from '../products/delete-to-list-button';
import { SupplierMappings } from './supplier-mappings';
import { SupplierPurchaseOrders } from './supplier-purchase-orders';
import { SupplierSummary, scoreExplanation, supplierDeleteNotice } from './supplier-summary';
import type { Supplier } from '../../contract/suppliers';
import { BACK_ICON, PageTitle } from '../../src/shell/page-title';
import { RecordGate } from '../shared/record-page';

export default function SupplierShow() {
  return (
    <RecordGate resource="suppliers">
      <SupplierShowView />
    </RecordGate>
  );
}

function SupplierShowView() {
  const navigate = useNavigate();
  const { query, result: s } = useShow<Supplier>({ resource: 'suppliers' });
  return (
    <Show
      title={<PageTitle>{s ? s.name : 'Supplier'}</PageTitle>}
      goBack={BACK_ICON}
      isLoading={query.isLoading}
      headerButtons={() =>
        s && (
          <>
            <Button icon={<LineChartOutlined />} onClick={() => navigate(`/suppliers/${s.id}/performance`)}>
              Performance
            </Button>
            <EditButton resource="suppliers" recordItemId={s.id} />
            <DeleteToListButton
              resource="suppliers"
              id={s.id}
              listPath="/suppliers"
              title={`Delete ${s.name}?`}
              content={supplierDeleteNotice(s).map((line) => <p key={line}>{line}</p>)}
            />
          </>
        )
      }
    >
      {query.isError && <LoadError what="the supplier" error={query.error} onRetry={() => query.refetch()} />}
      {s && (
        <>
          <SupplierSummary s={s} />
          <Typography.Paragraph type="secondary">
            {s.scored_at ? `Cancellation rate ${percent(s.cancellation_rate)}. Last scored ${dateTime(s.scored_at)}.` : scoreExplanation(s)}{' '}
            <Link to={`/suppliers/${s.id}/performance`}>See the monthly performance</Link> ·{' '}
            <Link to={`/products?supplier_id=${s.id}`}>Products from this supplier</Link>
          </Typography.Paragraph>
          <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label="Contact">{s.contact_name ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Email">{s.email ? <a href={`mailto:${s.email}`}>{s.email}</a> : '—'}</Descriptions.Item>
            <Descriptions.Item label="Phone">{s.phone ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Country">{s.country ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Created">{dateTime(s.created_at)}</Descriptions.Item>
            <Descriptions.Item label="Updated">{dateTime(s.updated_at)}</Descriptions.Item>
          </Descriptions>
          <SupplierMappings supplierId={s.id} />
          <SupplierPurchaseOrders supplierId={s.id} />
        </>
      )}
    </Show>
  );
}
