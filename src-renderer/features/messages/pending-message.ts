import { z } from 'zod';
import { messageInputSchema } from '../../../shared/contract/messages.ts';
import type { ApiClient } from '../../lib/api-client.ts';

/** The browser key of a message a visitor wrote, kept until they sign in. */
export const PENDING_MESSAGE_KEY = 'gaPendingMessage';

const pendingMessageSchema = z.object({
  listingId: z.string(),
  listingTitle: z.string(),
  body: z.string().min(1),
  savedAt: z.string(),
});
export type PendingMessage = z.infer<typeof pendingMessageSchema>;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readPendingMessage(): PendingMessage | null {
  const text = storage()?.getItem(PENDING_MESSAGE_KEY);
  if (!text) return null;
  try {
    return pendingMessageSchema.parse(JSON.parse(text));
  } catch {
    storage()?.removeItem(PENDING_MESSAGE_KEY);
    return null;
  }
}

export function keepPendingMessage(message: Omit<PendingMessage, 'savedAt'>): void {
  storage()?.setItem(PENDING_MESSAGE_KEY, JSON.stringify({ ...message, savedAt: new Date().toISOString() }));
}

export function dropPendingMessage(): void {
  storage()?.removeItem(PENDING_MESSAGE_KEY);
}

export type PendingOutcome =
  | { kind: 'none' }
  | { kind: 'sent'; conversationId: string }
  | { kind: 'failed'; message: string };

let sending: Promise<PendingOutcome> | null = null;

/**
 * Sends the kept message once signed in. One send at a time (the compose dialog and the app's
 * background both ask after a sign-in); a message the server refuses (blocked, own listing) is
 * dropped with the reason, a network failure keeps it for the next sign-in or page load.
 */
export function sendPendingMessage(api: ApiClient): Promise<PendingOutcome> {
  sending ??= (async (): Promise<PendingOutcome> => {
    const pending = readPendingMessage();
    if (!pending) return { kind: 'none' };
    const request = messageInputSchema.safeParse({ listingId: pending.listingId, body: pending.body });
    if (!request.success) {
      dropPendingMessage();
      return { kind: 'failed', message: 'The saved message could not be sent.' };
    }
    try {
      const sent = await api.call('messagesAddOrUpdate', {
        body: { listingId: pending.listingId, body: pending.body },
      });
      dropPendingMessage();
      await api.call('usersSendMessageEmail', { body: { messageId: sent.id } }).catch(() => undefined);
      return { kind: 'sent', conversationId: sent.conversationId };
    } catch (error) {
      const status = (error as { status?: number }).status ?? 0;
      if (status >= 400 && status < 500 && status !== 401) {
        dropPendingMessage();
        return { kind: 'failed', message: (error as Error).message };
      }
      return { kind: 'failed', message: 'Your saved message could not be sent yet. It will be tried again.' };
    }
  })().finally(() => {
    sending = null;
  });
  return sending;
}
