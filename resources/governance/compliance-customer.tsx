/**
 * Compliance › A customer's data (docs/governance.md "Compliance"): look a customer up by email
 * (GET /governance/customers?email=), download every record of theirs (GET
 * /governance/customers/export?email=, a JSON file), and erase their personal data (POST
 * /governance/customers/erase) after typing their email again in a confirmation that says what
 * happens and that it cannot be undone. The server's field messages show under the fields.
 */
import { useState } from 'react';
import { Alert, Button, Descriptions, Flex, Form, Input, Modal, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useCan, useCustom, useNotification } from '@refinedev/core';
import dayjs from 'dayjs';
import { customerEmail, type CustomerCounts, type CustomerSummary, type ErasureResult } from '../../contract/compliance';
import { apiClient } from '../../providers/app-client';
import { finalMessage } from '../../providers/api';
import { saveBlob } from '../shared/download';
import { LoadError } from '../shared/list-error';
import { useCommand } from '../shared/use-command';
import { showFieldErrors } from '../products/field-errors';

const COUNT_LABELS: Record<keyof CustomerCounts, string> = {
  orders: 'Orders',
  order_items: 'Order lines',
  returns: 'Returns',
  shipments: 'Shipping labels',
  purchase_orders: 'Purchase orders',
  ledger_entries: 'Ledger entries',
  events: 'Events',
  audit_entries: 'Audit log entries',
};

/** The client's first check of an email: the server's own rule (contract/compliance.ts). */
const emailProblem = (v: string) => {
  const r = customerEmail.safeParse(v);
  return r.success ? null : r.error.issues[0].message;
};

function EraseDialog({ email, open, onClose, onErased }: { email: string; open: boolean; onClose: () => void; onErased: (r: ErasureResult) => void }) {
  const [form] = Form.useForm<{ confirm: string }>();
  const typed = Form.useWatch('confirm', form) ?? '';
  const send = useCommand();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const matches = typed.trim().toLowerCase() === email;

  const erase = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await send<ErasureResult>('/governance/customers/erase', { email, confirm: form.getFieldValue('confirm') ?? '' });
      form.resetFields();
      onErased(r);
    } catch (e) {
      if (!showFieldErrors(form, e, ['confirm'])) setError(finalMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title="Erase this customer's personal data?"
      okText="Erase personal data"
      okButtonProps={{ danger: true, disabled: !matches, loading: busy }}
      cancelButtonProps={{ disabled: busy }}
      onOk={() => void erase()}
      onCancel={() => {
        form.resetFields();
        setError(null);
        onClose();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph>
        Their name, addresses, email and phone number are replaced everywhere your store holds them: orders, shipping labels, returns,
        the event history and the audit log. Orders keep their amounts and the books stay as they are. <strong>This cannot be undone.</strong>
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={() => void erase()} disabled={busy}>
        <Form.Item name="confirm" label={<span>Type <strong>{email}</strong> to confirm</span>}>
          <Input autoComplete="off" aria-label="Type the customer's email again" />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon role="alert" message="Could not erase the customer's data" description={error} />}
    </Modal>
  );
}

export function CustomerDataPanel() {
  const canErase = useCan({ resource: 'governance', action: 'manage' }).data?.can === true;
  const { open: notify } = useNotification();
  const [form] = Form.useForm<{ email: string }>();
  const [email, setEmail] = useState<string | null>(null);
  const [erasing, setErasing] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [erased, setErased] = useState<ErasureResult | null>(null);

  const lookup = useCustom<{ data: CustomerSummary }>({
    url: '/governance/customers',
    method: 'get',
    config: { query: { email: email ?? '' } },
    errorNotification: false,
    queryOptions: { enabled: email !== null },
  });
  const summary = email ? lookup.query.data?.data.data : undefined;

  const find = ({ email: typed }: { email: string }) => {
    setErased(null);
    setDownloadError(null);
    const clean = typed.trim().toLowerCase();
    if (clean === email) void lookup.query.refetch();
    setEmail(clean);
  };

  const download = async () => {
    if (!email) return;
    setDownloading(true);
    setDownloadError(null);
    try {
      const blob = await apiClient.blob('/governance/customers/export', { query: { email } });
      saveBlob(blob, `customer-data-${dayjs().format('YYYY-MM-DD')}.json`);
    } catch (e) {
      setDownloadError(finalMessage(e));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Find what your store holds about one customer, download it for them, or erase their personal data when they ask.
      </Typography.Paragraph>
      <Form form={form} layout="inline" onFinish={find} aria-label="Find a customer">
        <Form.Item
          name="email"
          label="Customer email"
          rules={[{ validator: async (_, v: string | undefined) => { const p = emailProblem(v ?? ''); if (p) throw new Error(p); } }]}
        >
          <Input type="email" placeholder="jane@example.com" style={{ width: 280 }} autoComplete="off" />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" icon={<SearchOutlined />} loading={lookup.query.isFetching}>
            Look up
          </Button>
        </Form.Item>
      </Form>
      {erased && (
        <Alert
          type="success"
          showIcon
          role="status"
          message={erased.erased ? 'The customer\'s personal data was erased' : 'Nothing left to erase: no order carries this email'}
          description={erased.erased ? `${Object.values(erased.records).reduce((a, b) => a + b, 0)} records anonymised.` : undefined}
        />
      )}
      {email && lookup.query.isError && <LoadError what="the customer's data" error={lookup.query.error} onRetry={() => void lookup.query.refetch()} />}
      {email && !lookup.query.isError && lookup.query.isLoading && <p className="shell-quiet" aria-busy="true">Looking up {email}…</p>}
      {summary && !summary.found && !erased && (
        <Typography.Text>No orders carry {summary.email}: your store holds no personal data under this email.</Typography.Text>
      )}
      {summary && summary.found && (
        <>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2, lg: 4 }}
            title={`${summary.email}${summary.names.length ? ` (${summary.names.join(', ')})` : ''}`}
            items={[
              ...(Object.keys(COUNT_LABELS) as (keyof CustomerCounts)[]).map((k) => ({ key: k, label: COUNT_LABELS[k], children: summary.counts[k].toLocaleString() })),
              { key: 'first', label: 'First order', children: summary.first_order_at ? dayjs(summary.first_order_at).format('MMM D, YYYY') : '' },
              { key: 'last', label: 'Last order', children: summary.last_order_at ? dayjs(summary.last_order_at).format('MMM D, YYYY') : '' },
            ]}
          />
          <Flex gap={8} wrap>
            <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()}>
              Download their data
            </Button>
            {canErase && (
              <Button danger icon={<DeleteOutlined />} onClick={() => setErasing(true)}>
                Erase personal data…
              </Button>
            )}
          </Flex>
          {downloadError && <Alert type="error" showIcon role="alert" message="Could not download the customer's data" description={downloadError} />}
          <EraseDialog
            email={summary.email}
            open={erasing}
            onClose={() => setErasing(false)}
            onErased={(r) => {
              setErasing(false);
              setErased(r);
              notify?.({ type: 'success', message: r.erased ? 'Customer data erased' : 'Nothing left to erase' });
              void lookup.query.refetch();
            }}
          />
        </>
      )}
    </Flex>
  );
}
