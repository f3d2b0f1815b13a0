/**
 * Fields of the supplier create and edit forms — docs/product/api-calls.md (supplier body), docs/commerce.md Performance
 * rates are not typed in: "Score all" derives them, the score and the tier from the monthly history
 * (docs/commerce-ui.md). The checks mirror the server's zod schema so a person sees them before sending.
 */
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { COUNTRY_MESSAGE, countryName, isCountryCode } from '../../contract/countries';
import { TIERS } from '../../contract/suppliers';

/**
 * ISO 3166-1 alpha-2, checked against the same list as the server (contract/countries.ts); the country's
 * name shows under a valid code so a typo ("DK" for Germany) is visible before saving.
 */
function CountryField() {
  const code = Form.useWatch<string | undefined>('country');
  const name = code && isCountryCode(code) ? countryName(code) : undefined;
  return (
    <Form.Item
      name="country"
      label="Country"
      extra={name ?? 'Two-letter ISO code, e.g. US'}
      normalize={(v: string) => v.toUpperCase()}
      rules={[{ validator: (_, v: string | undefined) => (!v || isCountryCode(v) ? Promise.resolve() : Promise.reject(new Error(COUNTRY_MESSAGE))) }]}
    >
      <Input maxLength={2} placeholder="US" />
    </Form.Item>
  );
}

export function SupplierFields() {
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={16}>
          <Form.Item name="name" label="Name" rules={[{ required: true, whitespace: true, message: 'Enter the supplier name' }, { max: 200 }]}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="tier" label="Tier" initialValue={3} rules={[{ required: true }]} extra="Re-assigned by score when you score all suppliers">
            <Select options={TIERS.map((t) => ({ value: t, label: `Tier ${t}` }))} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="contact_name" label="Contact name" rules={[{ max: 200 }]}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="email" label="Email" rules={[{ type: 'email', message: 'Enter a valid email address' }, { max: 254 }]}>
            <Input type="email" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="phone" label="Phone" rules={[{ max: 50 }]}>
            <Input type="tel" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={12} md={8}>
          <CountryField />
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="lead_time_days" label="Lead time (days)" initialValue={7} rules={[{ required: true, message: 'Enter the lead time' }]}>
            <InputNumber min={0} max={365} step={0.5} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

/** Empty optional text fields are sent as null, so clearing a field clears it on the server. */
export function supplierBody(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  for (const k of ['contact_name', 'email', 'phone', 'country']) {
    if (out[k] === '' || out[k] === undefined) out[k] = null;
  }
  return out;
}
