/** /ops/dlq — spec §2.1, §2.3, §6. */
import { lazy } from 'react';
import { InboxOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';

const dlq: PageModule = {
  name: 'dlq',
  routes: [
    { path: '/ops/dlq', element: lazy(() => import('./dlq-page')) },
  ],
  access: { roles: ['agent', 'admin'] },
  menu: {
    section: 'System & Monitoring',
    label: 'DLQ Management',
    tooltip: 'Inspect, replay or discard dead-lettered messages',
    icon: InboxOutlined,
    indent: true,
    order: 4,
  },
};

export default dlq;
