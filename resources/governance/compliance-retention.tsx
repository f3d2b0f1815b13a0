/**
 * Compliance › Retention (docs/governance.md "Compliance"): how many days the store keeps each kind
 * of record (GET /governance/retention), saved with PUT /governance/retention; older records are
 * deleted by the server every hour. The server's 400 names each bad field, shown under that field.
 */
import { useEffect, useState } from 'react';
import { Button, Form, InputNumber, Skeleton, Typography } from 'antd';
import { useCan, useCustom, useNotification } from '@refinedev/core';
import dayjs from 'dayjs';
import { RETENTION_FIELDS, RETENTION_KEYS, type RetentionBody, type RetentionSettings } from '../../contract/compliance';
import { finalMessage } from '../../providers/api';
import { LoadError } from '../shared/list-error';
import { useCommand } from '../shared/use-command';
import { showFieldErrors } from '../products/field-errors';

const valuesOf = (s: RetentionSettings): RetentionBody => Object.fromEntries(RETENTION_KEYS.map((k) => [k, s[k]])) as RetentionBody;

export function RetentionSettingsForm() {
  const canEdit = useCan({ resource: 'governance', action: 'manage' }).data?.can === true;
  const { query } = useCustom<{ data: RetentionSettings }>({ url: '/governance/retention', method: 'get', errorNotification: false });
  const send = useCommand();
  const { open } = useNotification();
  const [form] = Form.useForm<RetentionBody>();
  const [saving, setSaving] = useState(false);
  const settings = query.data?.data.data;

  useEffect(() => {
    if (settings && !form.isFieldsTouched()) form.setFieldsValue(valuesOf(settings));
  }, [settings, form]);

  const save = async (v: RetentionBody) => {
    setSaving(true);
    try {
      const saved = await send<RetentionSettings>('/governance/retention', v, 'put');
      form.resetFields();
      form.setFieldsValue(valuesOf(saved));
      open?.({ type: 'success', message: 'Retention settings saved' });
      void query.refetch();
    } catch (e) {
      if (!showFieldErrors(form, e, RETENTION_KEYS)) open?.({ type: 'error', message: 'Could not save the retention settings', description: finalMessage(e) });
    } finally {
      setSaving(false);
    }
  };

  if (query.isError) return <LoadError what="the retention settings" error={query.error} onRetry={() => void query.refetch()} />;
  if (!settings) return <Skeleton active paragraph={{ rows: 4 }} />;
  return (
    <Form<RetentionBody> form={form} layout="vertical" onFinish={save} disabled={!canEdit || saving} initialValues={valuesOf(settings)} aria-label="Retention settings">
      <Typography.Paragraph type="secondary">
        Records older than this many days are deleted every hour. Events are deleted only once every part of the system has processed them.
        {settings.updated_at ? ` Last changed ${dayjs(settings.updated_at).format('MMM D, YYYY HH:mm')}.` : ' These are the defaults.'}
      </Typography.Paragraph>
      {RETENTION_KEYS.map((k) => (
        <Form.Item key={k} name={k} label={RETENTION_FIELDS[k].label} extra={`${RETENTION_FIELDS[k].min} to ${RETENTION_FIELDS[k].max} days; default ${RETENTION_FIELDS[k].default}`}>
          <InputNumber addonAfter="days" style={{ width: 200 }} />
        </Form.Item>
      ))}
      {canEdit && (
        <Button type="primary" htmlType="submit" loading={saving}>
          Save retention settings
        </Button>
      )}
    </Form>
  );
}
