import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { followMessages, type StreamResponse } from '../../../shared/live/follow-messages.ts';
import { usePlatform } from '../../lib/platform/platform-context.tsx';
import { useSession } from '../../lib/session/session.ts';
import { MESSAGES_QUERY_ROOT } from './api/message-queries.ts';
import { UNREAD_COUNT_QUERY_KEY } from './api/use-unread-count.ts';

/**
 * Keeps the unread count (header badge) and the message lists live while signed in: the live
 * channel's events write the count straight into the cache; a new message refreshes the lists.
 */
export function useLiveMessages(): void {
  const session = useSession();
  const platform = usePlatform();
  const client = useQueryClient();
  const userId = session.status === 'signedIn' ? session.user.id : null;

  useEffect(() => {
    if (userId === null || typeof fetch !== 'function') return;
    const follower = followMessages({
      origin: platform.apiOrigin,
      getToken: () => platform.getToken(),
      fetch: (url, init) => fetch(url, { ...init, cache: 'no-store' }) as Promise<StreamResponse>,
      onEvent: (event) => {
        client.setQueryData([...UNREAD_COUNT_QUERY_KEY, userId], event.unreadCount);
        if (event.type === 'message') {
          void client.invalidateQueries({
            queryKey: MESSAGES_QUERY_ROOT,
            predicate: (query) => query.queryKey[1] !== UNREAD_COUNT_QUERY_KEY[1],
          });
        }
      },
    });
    // Back online: reconnect at once instead of waiting out the backoff.
    const reconnect = () => follower.reconnect();
    window.addEventListener('online', reconnect);
    return () => {
      window.removeEventListener('online', reconnect);
      follower.stop();
    };
  }, [userId, platform, client]);
}
