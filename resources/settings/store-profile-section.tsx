/**
 * The store profile (docs/settings.md "Store profile"): the store's name, currency, time zone and the
 * address its labels print (return labels ship to it). Read with `GET /settings/store`, saved with
 * `PUT /settings/store`; the server's 400 names each bad field, shown under that field. Another tab's
 * save reaches this form through the live stream (`settings.*`): it is read again unless being edited.
 */
import { useEffect, useMemo, useState } from 'react';
import { Col, Form, Input, Row, Select, Skeleton, Typography } from 'antd';
import { useCustom, useNotification, useSubscription } from '@refinedev/core';
import type { ShipTo } from '../../contract/addresses';
import { needsRegion, postalLabel, regionLabel } from '../../contract/addresses';
import { COUNTRY_CODES, countryName } from '../../contract/countries';
import { resourceChannel } from '../../contract/events';
import { STORE_CURRENCIES, type StoreProfile } from '../../contract/settings';
import { finalMessage } from '../../providers/api';
import { useCommandAllowed } from '../../src/shell/command-gate';
import { LoadError } from '../shared/list-error';
import { useCommand } from '../shared/use-command';
import { showFieldErrors } from '../products/field-errors';
import settingsModule from './index';
import { SectionFooter } from './section-footer';

type AddressForm = Partial<Record<keyof ShipTo, string>>;
interface FormValues { name: string; currency: string; timezone: string; address: AddressForm }

const ADDRESS_KEYS: (keyof ShipTo)[] = ['name', 'line1', 'line2', 'city', 'region', 'postal_code', 'country'];
const FORM_FIELDS = ['name', 'currency', 'timezone', 'address'];

/** Every field empty: the store has no label address (null). */
function addressOf(a: AddressForm | undefined): AddressForm | null {
  const filled = ADDRESS_KEYS.filter((k) => (a?.[k] ?? '').trim() !== '');
  return filled.length ? Object.fromEntries(filled.map((k) => [k, a![k]!.trim()])) : null;
}

const toForm = (p: StoreProfile): FormValues => ({ name: p.name, currency: p.currency, timezone: p.timezone, address: { ...(p.address ?? {}) } });

function timeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (k: string) => string[] };
  const list = intl.supportedValuesOf?.('timeZone') ?? [];
  return list.includes('UTC') ? list : ['UTC', ...list];
}

export default function StoreProfileSection() {
  const { query } = useCustom<{ data: StoreProfile }>({ url: '/settings/store', method: 'get', errorNotification: false });
  const canEdit = useCommandAllowed(settingsModule.commands.saveStore);
  const send = useCommand();
  const { open } = useNotification();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const profile = query.data?.data.data;
  const country = ((Form.useWatch(['address', 'country'], form) as string | undefined) ?? '').toUpperCase();
  const zones = useMemo(() => timeZones().map((z) => ({ value: z, label: z })), []);
  const countries = useMemo(() => COUNTRY_CODES.map((c) => ({ value: c, label: `${countryName(c) ?? c} (${c})` })), []);

  // a save in another tab: read again, and show it unless this form has unsaved edits
  useSubscription({ channel: resourceChannel('settings'), types: ['*'], onLiveEvent: () => void query.refetch() });
  useEffect(() => {
    if (profile && !form.isFieldsTouched()) form.setFieldsValue(toForm(profile));
  }, [profile, form]);

  const save = async (v: FormValues) => {
    setSaving(true);
    try {
      const saved = await send<StoreProfile>('/settings/store', { name: v.name, currency: v.currency, timezone: v.timezone, address: addressOf(v.address) }, 'put');
      form.resetFields();
      form.setFieldsValue(toForm(saved));
      open?.({ type: 'success', message: 'Store profile saved' });
      void query.refetch();
    } catch (e) {
      if (!showFieldErrors(form, e, FORM_FIELDS)) open?.({ type: 'error', message: 'Could not save the store profile', description: finalMessage(e) });
    } finally {
      setSaving(false);
    }
  };

  if (query.isError) return <LoadError what="the store profile" error={query.error} onRetry={() => void query.refetch()} />;
  if (!profile) return <Skeleton active paragraph={{ rows: 4 }} />;
  return (
    <Form<FormValues> form={form} layout="vertical" onFinish={save} disabled={!canEdit || saving} initialValues={toForm(profile)} aria-label="Store profile">
      <Row gutter={[24, 0]}>
        <Col xs={24} md={8}>
          <Form.Item name="name" label="Store name" rules={[{ required: true, whitespace: true, message: 'Enter the store name' }]}>
            <Input maxLength={120} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="currency" label="Currency">
            <Select options={STORE_CURRENCIES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="timezone" label="Time zone">
            <Select showSearch options={zones} optionFilterProp="label" />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Title level={3} style={{ fontSize: 14 }}>Address on labels</Typography.Title>
      <Typography.Paragraph type="secondary">
        Return labels are addressed here; leave every field empty to keep sending returns to the return country of the dropshipping settings.
      </Typography.Paragraph>
      <Row gutter={[24, 0]}>
        <Col xs={24} md={12}>
          <Form.Item name={['address', 'name']} label="Name on labels">
            <Input maxLength={255} placeholder="Returns department" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={['address', 'line1']} label="Street address">
            <Input maxLength={255} autoComplete="address-line1" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={['address', 'line2']} label="Apartment, suite, floor (optional)">
            <Input maxLength={255} autoComplete="address-line2" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={['address', 'city']} label="City">
            <Input maxLength={100} autoComplete="address-level2" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={['address', 'region']} label={`${regionLabel(country)}${needsRegion(country) ? '' : ' (optional)'}`}>
            <Input maxLength={100} autoComplete="address-level1" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={['address', 'postal_code']} label={postalLabel(country)}>
            <Input maxLength={20} autoComplete="postal-code" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={['address', 'country']} label="Country">
            <Select showSearch allowClear optionFilterProp="label" options={countries} />
          </Form.Item>
        </Col>
      </Row>
      <SectionFooter updatedAt={profile.updated_at} updatedBy={profile.updated_by} canEdit={canEdit} saving={saving} saveLabel="Save store profile" />
    </Form>
  );
}
