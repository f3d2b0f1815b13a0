/** A titled section of the order page (its purchase orders, shipments, returns, timeline): a small card with a level-2 heading. */
import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

export function OrderSection({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  return (
    <Card data-testid={testId} title={<Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>{title}</Typography.Title>} size="small" style={{ marginTop: 24 }}>
      {children}
    </Card>
  );
}
