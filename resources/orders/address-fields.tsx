/**
 * The ship-to address fields (docs/commerce-ui.md "Orders"): each field is checked by the server's own
 * schema (contract/addresses.ts `addressProblems`), so a person sees the server's message before
 * sending — a state or province in the US, Canada and Australia, the postal code's format of the
 * country. The region and postal code follow the country: their labels ("State", "Province", "ZIP
 * code", "Postcode") and their checks.
 */
import { useMemo } from 'react';
import { Col, Form, Input, Row, Select, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { addressProblems, needsRegion, postalLabel, regionLabel, type AddressField } from '../../contract/addresses';
import { COUNTRY_CODES, countryName } from '../../contract/countries';

/** A field's rule: the schema's message for that field, over the whole form's values. */
const schemaRule = (form: FormInstance, field: AddressField): Rule => ({
  validator: async () => {
    const problem = addressProblems(form.getFieldsValue(true))[field];
    if (problem) throw new Error(problem);
  },
});

export function AddressFields({ form, countryLocked }: { form: FormInstance; countryLocked?: string }) {
  const country = (Form.useWatch('country', form) as string | undefined)?.toUpperCase() ?? '';
  const countries = useMemo(() => COUNTRY_CODES.map((c) => ({ value: c, label: `${countryName(c) ?? c} (${c})` })), []);
  const check = (field: AddressField) => [schemaRule(form, field)];
  return (
    <>
      <Form.Item name="name" label="Recipient" rules={check('name')} required>
        <Input autoComplete="name" maxLength={255} />
      </Form.Item>
      <Form.Item name="line1" label="Street address" rules={check('line1')} required>
        <Input autoComplete="address-line1" maxLength={255} />
      </Form.Item>
      <Form.Item name="line2" label="Apartment, suite, floor (optional)" rules={check('line2')}>
        <Input autoComplete="address-line2" maxLength={255} />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="city" label="City" rules={check('city')} required>
            <Input autoComplete="address-level2" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="region" label={regionLabel(country)} rules={check('region')} dependencies={['country']} required={needsRegion(country)}>
            <Input autoComplete="address-level1" maxLength={100} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="postal_code" label={postalLabel(country)} rules={check('postal_code')} dependencies={['country']} required>
            <Input autoComplete="postal-code" maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="country"
            label="Country"
            rules={check('country')}
            required
            extra={countryLocked ? `Routed for ${countryName(countryLocked) ?? countryLocked}: the country can change only while the order is pending` : undefined}
          >
            <Select showSearch optionFilterProp="label" options={countries} disabled={!!countryLocked} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
