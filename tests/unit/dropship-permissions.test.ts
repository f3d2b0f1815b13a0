import { describe, expect, it } from 'vitest';
import { hasPermission } from '../../contract/permissions';
import { accessControlFor } from '../../providers/access-control';
import { modules } from '../../resources';
import { ROLES } from '../../contract/roles';

const { permissionFor } = accessControlFor(modules);

describe('dropshipping resources in the permission mapping', () => {
  for (const resource of ['fulfillment', 'shipments', 'purchase-orders', 'returns']) {
    it(`${resource}: reads need read:orders, commands write:orders`, () => {
      expect(permissionFor(resource, 'list')).toBe('read:orders');
      expect(permissionFor(resource, 'show')).toBe('read:orders');
      expect(permissionFor(resource, 'create')).toBe('write:orders');
      expect(permissionFor(resource, 'approve')).toBe('write:orders');
      expect(permissionFor(resource, 'manage')).toBeNull();
    });
  }
  it('every signed-in role reads them', () => {
    for (const r of ROLES) expect(hasPermission(r, 'read:orders')).toBe(true);
  });
});
