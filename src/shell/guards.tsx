/**
 * Route guards — spec §2.1 and §6: signed-out visitors go to /auth keeping `next`; a missing profile
 * sends the user to /auth; a role requirement not met shows the Access Denied screen.
 */
import type { ReactNode } from 'react';
import { Button, Result } from 'antd';
import { Navigate, useLocation } from 'react-router';
import { meetsRole, type Role } from '../../contract/roles';
import { useAuth } from '../../providers/auth/auth-context';
import { authPathWithNext, nextParamFor } from '../lib/next-path';
import { AccessDenied } from './access-denied';
import { PageLoading } from './page-loading';

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
      <Result
        status="warning"
        title="Your profile could not be loaded"
        subTitle="The service did not answer. Your session is still valid."
        extra={<Button type="primary" onClick={auth.reloadProfile}>Try Again</Button>}
      />
    );
  }
  return <>{children}</>;
}

export function RoleGuard({ roles, children }: { roles?: readonly Role[]; children: ReactNode }) {
  const { profile } = useAuth();
  if (!profile) return null;
  if (!meetsRole(profile.role, roles)) return <AccessDenied role={profile.role} required={roles ?? []} />;
  return <>{children}</>;
}
