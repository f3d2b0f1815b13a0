/** /streams — docs/product/routes-and-roles.md. */
import { lazy } from 'react';
import { PartitionOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';

const streams: PageModule = {
  name: 'streams',
  routes: [
    { path: '/streams', element: lazy(() => import('./streams-page')), call: 'GET /streams/events' },
  ],
  access: 'streams',
  menu: {
    section: 'System & Monitoring',
    label: 'Event Streams',
    tooltip: 'Event streams, consumers and their lag',
    icon: PartitionOutlined,
    indent: true,
    order: 5,
  },
};

export default streams;
