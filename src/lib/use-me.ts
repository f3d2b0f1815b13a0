/**
 * `GET /api/me` (docs/product/api-calls.md) through the data provider — the tenant name and role shown in
 * the top bar. Asked without the tenant header: /me is where the client learns its tenant.
 */
import { useCustom } from '@refinedev/core';
import type { MeResponse } from '../../contract/me';

export function useMe(userId: string | null): { data: MeResponse | undefined } {
  const { query } = useCustom<MeResponse>({
    url: '/me',
    method: 'get',
    // `userId` keys the answer to the user: a new sign-in reads it again
    meta: { tenant: false, userId },
    // the top bar falls back to the session's own email and role
    errorNotification: false,
    queryOptions: { enabled: Boolean(userId), staleTime: 5 * 60_000 },
  });
  return { data: query.data?.data };
}
