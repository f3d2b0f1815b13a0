/**
 * The orchestrator's reads through the data provider (docs/api-client.md): the seller's
 * conversations, one conversation's messages and the suggested questions. Their query keys are
 * named so a finished answer can refresh both lists at once (`refreshChat`).
 */
import { useCallback } from 'react';
import { useCustom } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import type { Conversation, Message, Suggestion } from './types';

const KEY = 'orchestrator';

export function useConversations() {
  const { query } = useCustom<{ data: Conversation[] }>({
    url: '/orchestrator/conversations',
    method: 'get',
    config: { query: { limit: 50 } },
    errorNotification: false,
    queryOptions: { queryKey: [KEY, 'conversations'] },
  });
  return { query, conversations: query.data?.data.data };
}

export function useMessages(conversationId: string | null) {
  const { query } = useCustom<{ data: Message[] }>({
    url: `/orchestrator/conversations/${encodeURIComponent(conversationId ?? '')}/messages`,
    method: 'get',
    config: { query: { limit: 200 } },
    errorNotification: false,
    queryOptions: { queryKey: [KEY, 'messages', conversationId], enabled: conversationId !== null },
  });
  return { query, messages: conversationId === null ? [] : query.data?.data.data };
}

export function useSuggestions(enabled: boolean) {
  const { query } = useCustom<{ data: Suggestion[] }>({
    url: '/orchestrator/suggestions',
    method: 'get',
    errorNotification: false,
    queryOptions: { queryKey: [KEY, 'suggestions'], enabled, staleTime: 5 * 60_000 },
  });
  return query.data?.data.data;
}

/**
 * Reads the conversations and one conversation's messages again (a new title, a stored answer). A
 * read still running started before the answer was stored: it is cancelled first, or the refetch
 * would only wait for it.
 */
export function useRefreshChat() {
  const client = useQueryClient();
  return useCallback(
    async (conversationId: string) => {
      const messages = [KEY, 'messages', conversationId];
      await client.cancelQueries({ queryKey: messages });
      await Promise.all([client.invalidateQueries({ queryKey: [KEY, 'conversations'] }), client.invalidateQueries({ queryKey: messages })]);
    },
    [client],
  );
}
