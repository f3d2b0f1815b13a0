/** /ops/dlq — docs/product/routes-and-roles.md. */
import { lazy } from 'react';
import { InboxOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';

const dlq = {
  name: 'dlq',
  routes: [
    { path: '/ops/dlq', element: lazy(() => import('./dlq-page')), call: 'GET /dlq' },
  ],
  access: 'dlq',
  commands: {
    replay: { label: 'Replay', resource: 'dlq', action: 'manage', call: 'POST /dlq/:id/replay' },
    discard: { label: 'Discard', resource: 'dlq', action: 'manage', call: 'POST /dlq/:id/discard' },
  },
  menu: {
    section: 'System & Monitoring',
    label: 'DLQ Management',
    tooltip: 'Inspect, replay or discard dead-lettered messages',
    icon: InboxOutlined,
    indent: true,
    order: 4,
  },
} satisfies PageModule;

export default dlq;
