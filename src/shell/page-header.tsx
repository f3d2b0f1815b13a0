/**
 * Title block every page starts with: one h1, an optional subtitle and actions (visual hierarchy,
 * docs/shell.md). Plain elements styled in shell.css: antd's Typography stays off the first page
 * (docs/performance.md "Delivery").
 */
import type { ReactNode } from 'react';
import { Flex } from 'antd';

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
        {eyebrow && <div className="page-eyebrow">{eyebrow}</div>}
        <h1 className="page-title">{title}</h1>
        {subtitle && <p className="page-subtitle">{subtitle}</p>}
      </div>
      {extra && <Flex gap={8} wrap>{extra}</Flex>}
    </Flex>
  );
}
