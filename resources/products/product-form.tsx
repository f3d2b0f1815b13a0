/**
 * Fields of the product create and edit forms (docs/commerce.md). The server validates again (zod); the form
 * catches what a person can fix before sending: required fields, ranges, price not below the MAP price.
 * A product with variants takes its price and stock from them (lowest price, summed stock), so those two
 * fields are locked there; each variant's price and stock are edited on the product page.
 */
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { SupplierSelect } from '../suppliers/supplier-select';
import { PRODUCT_STATUSES } from '../../contract/products';
import { belowMapRule } from './below-map-rule';

export function ProductFields({ hasVariants = false }: { hasVariants?: boolean }) {
  const locked = hasVariants ? 'Set per variant (on the product page)' : undefined;
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={16}>
          <Form.Item name="title" label="Title" rules={[{ required: true, whitespace: true, message: 'Enter a title' }, { max: 255 }]}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="sku" label="SKU" rules={[{ required: true, whitespace: true, message: 'Enter a SKU' }, { max: 100 }]}>
            <Input />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <Form.Item name="status" label="Status" initialValue="active" rules={[{ required: true }]}>
            <Select options={PRODUCT_STATUSES.map((s) => ({ value: s, label: s.charAt(0).toUpperCase() + s.slice(1) }))} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="price"
            label="Price (USD)"
            extra={locked}
            dependencies={['map_price']}
            rules={[
              { required: !hasVariants, message: 'Enter a price' },
              belowMapRule('map_price'),
            ]}
          >
            <InputNumber min={0} step={0.01} precision={2} prefix="$" disabled={hasVariants} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="cost" label="Cost (USD)">
            <InputNumber min={0} step={0.01} precision={2} prefix="$" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="map_price" label="MAP price (USD)">
            <InputNumber min={0} step={0.01} precision={2} prefix="$" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={12} md={6}>
          <Form.Item name="stock" label="Stock" extra={locked} initialValue={0}>
            <InputNumber min={0} precision={0} disabled={hasVariants} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="weight" label="Weight (g)">
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="supplier_id" label="Main supplier">
            <SupplierSelect />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="vendor" label="Vendor">
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="product_type" label="Type">
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="tags" label="Tags" extra="Comma separated">
            <Input />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="description" label="Description">
        <Input.TextArea rows={4} />
      </Form.Item>
    </>
  );
}
