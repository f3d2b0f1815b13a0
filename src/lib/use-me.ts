/** `GET /api/me` through the API client (docs/product/api-calls.md) — the tenant name and role shown in the top bar. */
import { useQuery } from '@tanstack/react-query';
import type { MeResponse } from '../../contract/me';
import { apiClient } from '../../providers/app-client';

export function useMe(userId: string | null) {
  return useQuery({
    queryKey: ['me', userId],
    queryFn: () => apiClient.get<MeResponse>('/me', { tenant: false }),
    enabled: Boolean(userId),
    staleTime: 5 * 60_000,
  });
}
