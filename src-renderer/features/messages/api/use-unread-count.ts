import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { usePlatform } from '../../../lib/platform/platform-context.tsx';
import { useSession } from '../../../lib/session/session.ts';

export const UNREAD_COUNT_QUERY_KEY = ['messages', 'unreadCount'] as const;

/**
 * The unread message count: fetched only when signed in, cached, and 0 when the call fails.
 * The platform shows it on the dock, taskbar or app badge too.
 */
export function useUnreadCount(): number {
  const session = useSession();
  const api = useApiClient();
  const platform = usePlatform();
  const userId = session.status === 'signedIn' ? session.user.id : null;
  const { data } = useQuery({
    queryKey: [...UNREAD_COUNT_QUERY_KEY, userId],
    enabled: userId !== null,
    staleTime: 5 * 60_000,
    queryFn: async () => {
      try {
        return (await api.call('messagesGetUnreadCount')).unreadCount;
      } catch {
        return 0;
      }
    },
  });
  const count = userId === null ? 0 : (data ?? 0);
  useEffect(() => {
    if (userId !== null) void platform.reportUnreadCount(count).catch(() => undefined);
  }, [platform, userId, count]);
  return count;
}
