/**
 * The "Change" fields of a bulk price edit (products, listings): set a price, or change it by a
 * percentage within the API's bounds. The form's `mode` and `value` are what both commands send.
 */
import { Form, InputNumber, Radio } from 'antd';

export interface PriceChangeFieldsProps {
  /** The option listed (and chosen) first: the form's `initialValues.mode` should match it. */
  first: 'set' | 'percent';
  /** Bounds of the percentage the API accepts. */
  percent: { min: number; max: number };
}

const SET = { label: 'Set price to', value: 'set' };
const PERCENT = { label: 'Change by %', value: 'percent' };

export function PriceChangeFields({ first, percent }: PriceChangeFieldsProps) {
  return (
    <>
      <Form.Item name="mode" label="Change">
        <Radio.Group options={first === 'set' ? [SET, PERCENT] : [PERCENT, SET]} />
      </Form.Item>
      <Form.Item noStyle dependencies={['mode']}>
        {({ getFieldValue }) =>
          getFieldValue('mode') === 'set' ? (
            <Form.Item name="value" label="New price (USD)" rules={[{ required: true, message: 'Enter a price' }]}>
              <InputNumber min={0} step={0.01} precision={2} prefix="$" style={{ width: 200 }} />
            </Form.Item>
          ) : (
            <Form.Item
              name="value"
              label="Change (%)"
              extra="Negative lowers the price, e.g. -10 for 10% off."
              rules={[
                { required: true, message: 'Enter a percentage' },
                { type: 'number', min: percent.min, max: percent.max, message: `Between ${percent.min} and ${percent.max}` },
              ]}
            >
              <InputNumber step={1} suffix="%" style={{ width: 200 }} />
            </Form.Item>
          )
        }
      </Form.Item>
    </>
  );
}
