/** Demo tenants and accounts — docs/product/architecture.md Fixed ids so tests and docs can name them. */
import type { Role } from '../../contract/roles';

export const DEMO_TENANT = { id: '11111111-1111-4111-8111-111111111111', name: 'Demo Store' } as const;
export const NORTHWIND_TENANT = { id: '22222222-2222-4222-8222-222222222222', name: 'Northwind Outlet' } as const;

export interface SeedAccount { id: string; email: string; role: Role; tenantId: string }

export const ACCOUNTS: SeedAccount[] = [
  { id: 'a0000000-0000-4000-8000-000000000001', email: 'admin@demo.local', role: 'admin', tenantId: DEMO_TENANT.id },
  { id: 'a0000000-0000-4000-8000-000000000002', email: 'agent@demo.local', role: 'agent', tenantId: DEMO_TENANT.id },
  { id: 'a0000000-0000-4000-8000-000000000003', email: 'seller@demo.local', role: 'user', tenantId: DEMO_TENANT.id },
  { id: 'b0000000-0000-4000-8000-000000000001', email: 'owner@northwind.local', role: 'admin', tenantId: NORTHWIND_TENANT.id },
];
