/**
 * Create or edit a webhook endpoint (docs/events.md "Webhooks"): URL, subject filters, description,
 * active. The filters offered are the subjects an endpoint may receive, as the server reads them from
 * the event catalogue (GET /webhooks/subjects), with one `<prefix>.*` per prefix and `>`. The server
 * re-checks everything (URL policy, patterns matching a subject); its field errors are shown on the fields.
 */
import { useEffect, useMemo, useState } from 'react';
import { Form, Input, Modal, Select, Switch, Typography } from 'antd';
import { useCustom } from '@refinedev/core';
import { ApiError, userMessage } from '../../providers/api';
import type { Webhook, WebhookInput, WebhookSubject } from '../../contract/webhooks';
import { isValidPattern, patternMatches } from '../streams/subject-match';

interface SubjectOption {
  value: string;
  label: string;
  description: string;
}

/** The select's groups: a pattern per prefix (and `>`), then each subject with what it means. */
export function subjectOptions(subjects: readonly WebhookSubject[]): { label: string; options: SubjectOption[] }[] {
  const prefixes = [...new Set(subjects.map((s) => s.subject.split('.')[0]))];
  return [
    {
      label: 'Patterns',
      options: [
        ...prefixes.map((p) => ({ value: `${p}.*`, label: `${p}.*`, description: `every ${p} event` })),
        { value: '>', label: '>', description: 'every event' },
      ],
    },
    { label: 'Subjects', options: subjects.map((s) => ({ value: s.subject, label: s.subject, description: s.description })) },
  ];
}

export interface WebhookFormModalProps {
  /** null = closed; 'new' = create; a webhook = edit it. */
  target: Webhook | 'new' | null;
  onCancel: () => void;
  onSubmit: (values: WebhookInput) => Promise<void>;
}

export function WebhookFormModal({ target, onCancel, onSubmit }: WebhookFormModalProps) {
  const [form] = Form.useForm<WebhookInput>();
  const [busy, setBusy] = useState(false);
  const editing = target && target !== 'new' ? target : null;
  const { query } = useCustom<{ data: WebhookSubject[] }>({ url: '/webhooks/subjects', method: 'get', errorNotification: false, queryOptions: { staleTime: Infinity } });
  const known = query.data?.data.data;
  const options = useMemo(() => subjectOptions(known ?? []), [known]);

  useEffect(() => {
    if (!target) return;
    form.setFieldsValue(editing ? { url: editing.url, subjects: editing.subjects, description: editing.description, active: editing.active } : { url: '', subjects: [], description: '', active: true });
  }, [target, editing, form]);

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await onSubmit({ ...values, url: values.url.trim(), description: values.description ?? '' });
    } catch (e) {
      const details = e instanceof ApiError && Array.isArray(e.details) ? (e.details as { field?: string; message?: string }[]) : [];
      const fields = details.filter((d) => d.field && ['url', 'subjects', 'description'].includes(d.field.split('.')[0]));
      if (fields.length) form.setFields(fields.map((d) => ({ name: d.field!.split('.')[0] as keyof WebhookInput, errors: [d.message ?? 'Invalid'] })));
      else form.setFields([{ name: 'url', errors: [userMessage(e)] }]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!target}
      title={editing ? 'Edit webhook' : 'New webhook'}
      okText={editing ? 'Save' : 'Create webhook'}
      onOk={submit}
      confirmLoading={busy}
      onCancel={onCancel}
      forceRender
    >
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item
          name="url"
          label="Endpoint URL"
          rules={[
            { required: true, whitespace: true, message: 'An endpoint URL is required' },
            { type: 'url', message: 'Enter a full URL, e.g. https://example.com/hooks/seller' },
          ]}
        >
          <Input placeholder="https://example.com/hooks/seller" autoComplete="off" inputMode="url" />
        </Form.Item>
        <Form.Item
          name="subjects"
          label="Subjects"
          extra="Events whose subject matches any filter are sent. * matches one word, > the rest."
          rules={[
            { required: true, type: 'array', min: 1, message: 'Add at least one subject filter' },
            {
              validator: async (_, v: string[] | undefined) => {
                const bad = (v ?? []).filter((s) => !isValidPattern(s));
                if (bad.length) throw new Error(`Not a subject filter: ${bad.join(', ')}`);
                // the server's list when it arrived; the server checks again either way
                const none = known ? (v ?? []).filter((p) => !known.some((s) => patternMatches(p, s.subject))) : [];
                if (none.length) throw new Error(`Matches no event a webhook is sent: ${none.join(', ')}`);
              },
            },
          ]}
        >
          <Select
            mode="tags"
            placeholder="orders.*"
            options={options}
            tokenSeparators={[',', ' ']}
            optionRender={(o) => (
              <span>
                {o.value} <Typography.Text type="secondary">{'description' in o.data ? String(o.data.description) : ''}</Typography.Text>
              </span>
            )}
          />
        </Form.Item>
        <Form.Item name="description" label="Description" rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} placeholder="What receives these events" />
        </Form.Item>
        <Form.Item name="active" label="Active" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
