import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Message } from '../../../../shared/contract/messages.ts';
import { isApiError } from '../../../lib/api-client.ts';

/** Every message query sits under this key; a new or read message refreshes them all. */
export const MESSAGES_QUERY_ROOT = ['messages'] as const;
export const messageListKey = (side: 'inbox' | 'sent', filters: object, page: number) =>
  [...MESSAGES_QUERY_ROOT, 'list', side, filters, page] as const;
export const conversationKey = (id: string) => [...MESSAGES_QUERY_ROOT, 'conversation', id] as const;

/** Refreshes lists, conversations and the unread count after a change. */
export function useRefreshMessages(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: MESSAGES_QUERY_ROOT }), [client]);
}

/** What a failed send or change says: the server's own words for a refusal, a plain retry otherwise. */
export function messageFailureText(error: unknown, fallback: string): string {
  return isApiError(error) && error.status > 0 && error.status < 500 ? error.message : fallback;
}

export type { Message };
