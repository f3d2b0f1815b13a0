/**
 * Route guards — docs/product/routes-and-roles.md: signed-out visitors go to /auth keeping `next`; a
 * missing profile sends the user to /auth; a page the user may not open shows Access Denied. The page
 * decision is Refine's `useCan` (providers/access-control.ts), asked with the route's resource,
 * action and access key — the same question the menu and the palette ask.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Alert, Button } from 'antd';
import { Navigate, useLocation } from 'react-router';
import { useCan, type CanParams } from '@refinedev/core';
import { ROLES } from '../../contract/roles';
import { useAuth } from '../../providers/auth/auth-context';
import { authPathWithNext, nextParamFor } from '../lib/next-path';
import { useRegistry } from '../lib/registry-context';
import { PageLoading } from './page-loading';

// loaded when a role is refused a page: not part of the first page (docs/performance.md "Delivery")
const AccessDenied = lazy(() => import('./access-denied').then((m) => ({ default: m.AccessDenied })));

/** Renders children only for a signed-in user whose profile (tenant, role) is loaded. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const { pathname, search } = useLocation();
  if (auth.status === 'loading' || (auth.status === 'authed' && (auth.profileStatus === 'loading' || auth.profileStatus === 'idle'))) {
    return <PageLoading text="Loading..." />;
  }
  if (auth.status === 'anon' || auth.profileStatus === 'missing') {
    const next = auth.signedOut ? null : nextParamFor(pathname, search);
    return <Navigate to={authPathWithNext(next)} replace />;
  }
  if (auth.profileStatus === 'error') {
    return (
      <Alert
        type="warning"
        showIcon
        style={{ maxWidth: 560, margin: '48px auto' }}
        message="Your profile could not be loaded"
        description="The service did not answer. Your session is still valid."
        action={<Button type="primary" onClick={auth.reloadProfile}>Try Again</Button>}
      />
    );
  }
  return <>{children}</>;
}

/** `route`: what the page is (src/lib/registry-derive.ts `canParamsOf`). */
export function RoleGuard({ route, children }: { route: CanParams; children: ReactNode }) {
  const { profile } = useAuth();
  const { access } = useRegistry();
  const decision = useCan(route);
  if (!profile) return null;
  // the provider answers at once; this is the one render before its answer arrives
  if (!decision.data) return <PageLoading />;
  if (!decision.data.can) {
    const admitted = ROLES.filter((r) => access.decide(r, route).can);
    return (
      <Suspense fallback={<PageLoading />}>
        <AccessDenied role={profile.role} required={admitted} />
      </Suspense>
    );
  }
  return <>{children}</>;
}
