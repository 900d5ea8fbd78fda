import { useMutation } from '@tanstack/react-query';
import type { Message, MessageInput } from '../../../../shared/contract/messages.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { OFFLINE_SAVED_MESSAGE, useOutboxHandoff } from '../../../lib/offline-outbox.ts';
import { useRefreshMessages } from './message-queries.ts';

export interface SendMessageInput {
  message: MessageInput;
  files?: readonly File[];
}

/**
 * Sends a message with its files, then asks for the recipient's e-mail notice (the server sends at
 * most one per conversation an hour; its failure never fails the send).
 */
export function useSendMessage() {
  const api = useApiClient();
  const refresh = useRefreshMessages();
  return useMutation({
    mutationFn: async ({ message, files = [] }: SendMessageInput): Promise<Message> => {
      const sent = await api.call('messagesAddOrUpdate', { body: message, files });
      await api.call('usersSendMessageEmail', { body: { messageId: sent.id } }).catch(() => undefined);
      return sent;
    },
    onSuccess: () => refresh(),
  });
}

/**
 * After a failed send: in the desktop client, a message without files that could not reach the
 * server is kept in the outbox. Answers the form's notice when it was, null otherwise.
 */
export function useQueueUnsentMessage() {
  const handOff = useOutboxHandoff();
  return async (
    error: unknown,
    { message, files = [] }: SendMessageInput,
    label: string,
    conversationId?: string,
  ): Promise<{ notice: string } | null> => {
    if (files.length > 0) return null;
    const action = {
      kind: 'message' as const,
      input: message,
      ...(conversationId ? { conversationId } : {}),
    };
    return (await handOff(error, action, label)) ? { notice: OFFLINE_SAVED_MESSAGE } : null;
  };
}
