/**
 * The navigation on small screens: antd's Drawer from the left, loaded the first time it opens
 * (src/shell/app-layout.tsx), so wide screens and the first page never carry the drawer's module
 * (docs/performance.md "Delivery").
 */
import { Drawer } from 'antd';
import type { ReactNode } from 'react';

export function NavDrawer({ open, onClose, background, children }: { open: boolean; onClose: () => void; background: string; children: ReactNode }) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      width="16rem"
      title="Navigation"
      styles={{ body: { background, padding: '12px 10px' }, header: { padding: '12px 16px' } }}
    >
      {children}
    </Drawer>
  );
}
