/**
 * The h1 of a page built on Refine's List/Show/Edit/Create, whose header renders its title without a
 * heading level (docs/shell.md "Accessibility": one h1 per page). `BACK_ICON` replaces their default
 * back button: the header already wraps the icon in its own button, and a button inside a button is
 * not operable by assistive technology.
 */
import type { ReactNode } from 'react';
import { ArrowLeftOutlined } from '@ant-design/icons';

export function PageTitle({ children }: { children: ReactNode }) {
  return <h1 className="page-title-h1">{children}</h1>;
}

export const BACK_ICON = <ArrowLeftOutlined />;
