/**
 * The hooks of a component test that renders console pages: antd's browser shims installed, a
 * signed-in profile (tenant t1) set before each test, and after each the DOM cleaned, stubbed
 * globals restored and the shims put back (a test may stub matchMedia or fetch).
 */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { setProfile } from '../../../providers/auth/profile-store';
import type { Role } from '../../../contract/roles';
import { installDomShims } from './dom-shims';

const EMAIL: Record<Role, string> = { user: 'seller@demo.local', agent: 'agent@demo.local', admin: 'admin@demo.local' };

export function pageTestHooks(role: Role = 'user'): void {
  beforeAll(installDomShims);
  beforeEach(() => setProfile({ id: 'u1', email: EMAIL[role], tenantId: 't1', role }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    installDomShims();
  });
}
