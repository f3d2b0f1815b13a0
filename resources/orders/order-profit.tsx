/**
 * The order's "Profit" card (docs/commerce.md "Order profit"): sale, marketplace fees, supplier cost,
 * postage and refunds as the server computed them (contract/profit.ts), each part "not known yet"
 * until it is, and the result in red when the order loses money.
 */
import { Card, Descriptions, Typography } from 'antd';
import { formatCents } from '../../contract/money';
import type { OrderProfit } from '../../contract/profit';

export const NOT_KNOWN_YET = 'not known yet';

export function OrderProfitCard({ profit, currency = 'USD' }: { profit: OrderProfit; currency?: string }) {
  const part = (cents: number | null, negative = true) =>
    cents === null ? <Typography.Text type="secondary" italic>{NOT_KNOWN_YET}</Typography.Text> : formatCents(negative ? -cents : cents, currency);
  const r = profit.result_cents;
  return (
    <Card title="Profit" size="small" style={{ marginBottom: 24 }}>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="Sale">{part(profit.sale_cents, false)}</Descriptions.Item>
        <Descriptions.Item label="Marketplace fees">{part(profit.fees_cents)}</Descriptions.Item>
        <Descriptions.Item label="Supplier cost">{part(profit.supplier_cents)}</Descriptions.Item>
        <Descriptions.Item label="Postage">{part(profit.postage_cents)}</Descriptions.Item>
        <Descriptions.Item label="Refunds">{part(profit.refunds_cents)}</Descriptions.Item>
        <Descriptions.Item label="Result">
          {r === null ? (
            <Typography.Text type="secondary" italic>{NOT_KNOWN_YET}</Typography.Text>
          ) : (
            <Typography.Text strong type={r < 0 ? 'danger' : undefined} data-testid="profit-result">
              {formatCents(r, currency)}
              {profit.margin_percent !== null && ` (${profit.margin_percent} % of the sale)`}
            </Typography.Text>
          )}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
