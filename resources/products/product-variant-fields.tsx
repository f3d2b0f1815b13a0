/**
 * Variants typed in while creating a product — docs/commerce-ui.md "Variants". Each row is
 * `variants[i]` of the create body; a server error about a row (`variants.1.sku`: SKU already in use)
 * shows under that row's field. With at least one variant the product's price and stock come from them.
 */
import { Button, Card, Col, Form, Input, InputNumber, Row } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { belowMapRule } from './below-map-rule';

export function ProductVariantFields() {
  return (
    <Form.List name="variants">
      {(fields, { add, remove }) => (
        <Card
          size="small"
          title={`Variants (${fields.length})`}
          style={{ marginBottom: 24 }}
          extra={
            <Button size="small" icon={<PlusOutlined />} onClick={() => add({ stock: 0 })}>
              Add variant
            </Button>
          }
        >
          {fields.length === 0 && <div style={{ color: 'rgba(0,0,0,0.65)' }}>No variants: the product has one price and stock of its own.</div>}
          {fields.map(({ key, name }) => (
            <Row gutter={8} key={key} align="top" aria-label={`Variant ${name + 1}`} role="group">
              <Col xs={24} md={4}>
                <Form.Item name={[name, 'sku']} label="Variant SKU" rules={[{ required: true, whitespace: true, message: 'Enter a SKU' }, { max: 100 }]}>
                  <Input />
                </Form.Item>
              </Col>
              <Col xs={12} md={3}>
                <Form.Item name={[name, 'option1_name']} label="Option">
                  <Input placeholder="Color" />
                </Form.Item>
              </Col>
              <Col xs={12} md={3}>
                <Form.Item name={[name, 'option1_value']} label="Value">
                  <Input placeholder="Red" />
                </Form.Item>
              </Col>
              <Col xs={12} md={3}>
                <Form.Item
                  name={[name, 'price']}
                  label="Price"
                  dependencies={[['variants', name, 'map_price']]}
                  rules={[
                    { required: true, message: 'Enter a price' },
                    belowMapRule(['variants', name, 'map_price']),
                  ]}
                >
                  <InputNumber min={0} step={0.01} precision={2} prefix="$" style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={12} md={3}>
                <Form.Item name={[name, 'cost']} label="Cost">
                  <InputNumber min={0} step={0.01} precision={2} prefix="$" style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={12} md={3}>
                <Form.Item name={[name, 'map_price']} label="MAP">
                  <InputNumber min={0} step={0.01} precision={2} prefix="$" style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={8} md={3}>
                <Form.Item name={[name, 'stock']} label="Stock" rules={[{ required: true, message: 'Enter a quantity' }]}>
                  <InputNumber min={0} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={4} md={2}>
                <Form.Item label=" ">
                  <Button danger icon={<DeleteOutlined />} aria-label={`Remove variant ${name + 1}`} onClick={() => remove(name)} />
                </Form.Item>
              </Col>
            </Row>
          ))}
        </Card>
      )}
    </Form.List>
  );
}
