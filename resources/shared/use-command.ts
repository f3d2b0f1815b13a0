/**
 * A command through the Refine data provider (`useCustomMutation`): POST/PUT a path, answer the record
 * of its `{data}` answer. The caller reports the outcome itself (its own words, per-item results), so
 * Refine's notifications are off; errors carry the user's sentence (docs/api-client.md).
 */
import { useCallback } from 'react';
import { useCustomMutation } from '@refinedev/core';

export type Send = <T = unknown>(path: string, body?: object, method?: 'post' | 'put' | 'patch' | 'delete') => Promise<T>;

export function useCommand(): Send {
  const { mutateAsync } = useCustomMutation();
  return useCallback(
    async <T,>(path: string, body: object = {}, method: 'post' | 'put' | 'patch' | 'delete' = 'post') => {
      const answer = await mutateAsync({ url: path, method, values: body, successNotification: false, errorNotification: false });
      const a = answer.data as { data?: unknown };
      return (a && typeof a === 'object' && 'data' in a ? a.data : a) as T;
    },
    [mutateAsync],
  );
}
