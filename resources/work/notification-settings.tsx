/**
 * Notification preferences, the alerts' section of /settings (docs/settings.md "Notification
 * preferences"): for each alert severity, which members of the store are mailed when such an alert
 * opens. Read with `GET /settings/notifications`, saved with `PUT /settings/notifications`
 * (administrators); an address that is not a member's is named under its severity.
 */
import { useEffect, useState } from 'react';
import { Form, Select, Skeleton } from 'antd';
import { useCustom, useNotification, useSubscription } from '@refinedev/core';
import { resourceChannel } from '../../contract/events';
import { NOTIFY_SEVERITIES, type NotificationPrefs } from '../../contract/settings';
import { finalMessage } from '../../providers/api';
import { useCommandAllowed } from '../../src/shell/command-gate';
import { LoadError } from '../shared/list-error';
import { useCommand } from '../shared/use-command';
import { fieldErrorsOf } from '../products/field-errors';
import workModule from './index';
import { SectionFooter } from '../settings/section-footer';

type Values = Record<string, string[]>;

const SEVERITY_LABEL: Record<string, string> = {
  critical: 'Critical', high: 'High', error: 'Error', warning: 'Warning', medium: 'Medium', low: 'Low', info: 'Information',
};

export default function NotificationSettings() {
  const { query } = useCustom<{ data: NotificationPrefs }>({ url: '/settings/notifications', method: 'get', errorNotification: false });
  const members = useCustom<{ data: { email: string }[] }>({ url: '/settings/members', method: 'get', errorNotification: false });
  const canEdit = useCommandAllowed(workModule.commands.saveNotifications);
  const send = useCommand();
  const { open } = useNotification();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const prefs = query.data?.data.data;
  useSubscription({ channel: resourceChannel('settings'), types: ['*'], onLiveEvent: () => void query.refetch() });
  useEffect(() => {
    if (prefs && !form.isFieldsTouched()) form.setFieldsValue(prefs.recipients as Values);
  }, [prefs, form]);
  const options = (members.query.data?.data.data ?? []).map((m) => ({ value: m.email, label: m.email }));

  const save = async (v: Values) => {
    setSaving(true);
    try {
      const recipients = Object.fromEntries(NOTIFY_SEVERITIES.map((s) => [s, v[s] ?? []]));
      const saved = await send<NotificationPrefs>('/settings/notifications', { recipients }, 'put');
      form.resetFields();
      form.setFieldsValue(saved.recipients as Values);
      open?.({ type: 'success', message: 'Notification preferences saved' });
      void query.refetch();
    } catch (e) {
      const errors = fieldErrorsOf(e);
      // "recipients.critical.0" → under the Critical field
      const bySeverity = Object.entries(errors ?? {}).map(([f, m]) => [f.split('.')[1], m] as const).filter(([s]) => s && NOTIFY_SEVERITIES.includes(s as never));
      if (bySeverity.length) form.setFields(bySeverity.map(([s, m]) => ({ name: s, errors: [m] })));
      else open?.({ type: 'error', message: 'Could not save the notification preferences', description: finalMessage(e) });
    } finally {
      setSaving(false);
    }
  };

  if (query.isError) return <LoadError what="the notification preferences" error={query.error} onRetry={() => void query.refetch()} />;
  if (!prefs) return <Skeleton active paragraph={{ rows: 3 }} />;
  return (
    <Form<Values> form={form} layout="horizontal" labelCol={{ span: 6 }} onFinish={save} disabled={!canEdit || saving} initialValues={prefs.recipients as Values} aria-label="Notification preferences">
      {NOTIFY_SEVERITIES.map((s) => (
        <Form.Item key={s} name={s} label={`${SEVERITY_LABEL[s]} alerts`}>
          <Select mode="tags" options={options} placeholder="Nobody is mailed" tokenSeparators={[',', ' ']} aria-label={`${SEVERITY_LABEL[s]} alerts: who is mailed`} />
        </Form.Item>
      ))}
      <SectionFooter updatedAt={prefs.updated_at} updatedBy={prefs.updated_by} canEdit={canEdit} saving={saving} saveLabel="Save notification preferences" />
    </Form>
  );
}
