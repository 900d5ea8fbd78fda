import { useMutation } from '@tanstack/react-query';
import type { Message, MessageInput } from '../../../../shared/contract/messages.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
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
