/**
 * A test-only domain declared with a list declaration (`declareList`, src/lib/declared-list.ts) and no
 * page of its own: "things", mapped onto the suppliers permissions so the role matrix decides it (users and
 * admins write, agents read). Not in resources/index.ts: tests/component/declared-list.test.tsx adds
 * it to the module list it hands down, as src/App.tsx hands down the console's.
 */
import { AppstoreOutlined } from '@ant-design/icons';
import type { ResourcePermissions } from '../../../contract/permissions';
import type { PageModule } from '../../../src/lib/registry';
import { declareList } from '../../../resources/shared/declare-list';

const STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'paused', label: 'Paused' },
] as const;

export const thingsPermissions = { things: { read: 'read:suppliers', write: 'write:suppliers' } } as const satisfies ResourcePermissions;

export const things = {
  name: 'things',
  permissions: thingsPermissions,
  menu: { section: 'Inventory & Orders', label: 'Things', tooltip: 'Test things', icon: AppstoreOutlined, order: 99 },
  palette: { navigate: { label: 'Things', order: 99 } },
  list: declareList({
    resource: 'things',
    title: 'Things',
    columns: [
      { key: 'name', title: 'Name', sortable: true },
      { key: 'count', title: 'Count', kind: 'number', sortable: true },
      { key: 'price_cents', title: 'Price', kind: 'money-cents' },
      { key: 'status', title: 'Status', kind: 'tag' },
      { key: 'updated_at', title: 'Updated', kind: 'date' },
    ],
    search: true,
    filters: [{ key: 'status', label: 'Status', options: STATUSES }],
    fields: [
      { name: 'name', label: 'Name', required: true },
      { name: 'count', label: 'Count', kind: 'number' },
      { name: 'price_cents', label: 'Price', kind: 'money-cents', required: true },
      { name: 'status', label: 'Status', kind: 'select', options: STATUSES },
      { name: 'featured', label: 'Featured', kind: 'switch' },
    ],
    command: { id: 'recount', label: 'Recount', resource: 'things', action: 'update', call: 'POST /things/recount', confirm: 'Recount every thing?' },
    delete: { confirm: 'Delete this thing?' },
    // a page per thing (GET /things/:id), the name linking to it
    show: { fields: [{ key: 'name', title: 'Name' }, { key: 'price_cents', title: 'Price', kind: 'money-cents' }, { key: 'featured', title: 'Featured' }, { key: 'updated_at', title: 'Updated', kind: 'date' }] },
  }),
} satisfies PageModule;
