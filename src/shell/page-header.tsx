/** Title block every page starts with: one h1, an optional subtitle and actions (visual hierarchy, issue 4 §8). */
import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  extra?: ReactNode;
  /** Small line above the title (e.g. "Welcome back"). */
  eyebrow?: ReactNode;
}

export function PageHeader({ title, subtitle, extra, eyebrow }: PageHeaderProps) {
  return (
    <Flex justify="space-between" align="flex-end" wrap gap={16} style={{ marginBottom: 24 }}>
      <div style={{ minWidth: 0 }}>
        {eyebrow && <Typography.Text type="secondary">{eyebrow}</Typography.Text>}
        <Typography.Title level={1} style={{ margin: 0, fontSize: 26, lineHeight: '34px' }}>
          {title}
        </Typography.Title>
        {subtitle && (
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', maxWidth: 720 }}>
            {subtitle}
          </Typography.Paragraph>
        )}
      </div>
      {extra && <Flex gap={8} wrap>{extra}</Flex>}
    </Flex>
  );
}
