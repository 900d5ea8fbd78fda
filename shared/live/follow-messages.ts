/**
 * Follows the live channel of an account (GET /api/messages/live: the unread count, new messages,
 * outbid notices) for the web app and the desktop main process alike. While the stream is down the
 * unread count is polled every minute instead; signed out, following stops.
 */
import { API_BASE } from '../contract/endpoint.ts';
import { type LiveMessageEvent, liveMessageEventSchema, unreadCountSchema } from '../contract/messages.ts';
import {
  type EventsFollower,
  followEvents,
  type LiveState,
  SessionEnded,
  type StreamFetch,
  type StreamResponse,
  type Timers,
} from './follow-events.ts';

export { parseEventStream, RECONNECT_DELAY } from './follow-events.ts';
export type { LiveState, StreamResponse, Timers };

export const LIVE_MESSAGES_PATH = `${API_BASE}/messages/live`;
export const UNREAD_COUNT_PATH = `${API_BASE}/messages/getUnreadMessagesCount`;

/** While the stream is down, the count is polled this often. */
export const POLL_INTERVAL_MS = 60_000;

export interface FollowMessagesOptions {
  /** The API's origin ('' for the page's own). */
  origin: string;
  getToken(): Promise<string | null>;
  fetch: StreamFetch;
  onEvent(event: LiveMessageEvent): void;
  onState?(state: LiveState): void;
  timers?: Timers;
  random?: () => number;
}

export type MessagesFollower = EventsFollower;

export function followMessages(options: FollowMessagesOptions): MessagesFollower {
  return followEvents<LiveMessageEvent>({
    url: `${options.origin}${LIVE_MESSAGES_PATH}`,
    headers: async () => {
      const token = await options.getToken();
      if (!token) throw new SessionEnded('signed out');
      return { authorization: `Bearer ${token}` };
    },
    fetch: options.fetch,
    parse: (data) => {
      const event = liveMessageEventSchema.safeParse(data);
      return event.success ? event.data : null;
    },
    onEvent: options.onEvent,
    poll: {
      intervalMs: POLL_INTERVAL_MS,
      read: async (fetch, headers, signal) => {
        const response = await fetch(`${options.origin}${UNREAD_COUNT_PATH}`, { headers, signal });
        if (response.status === 401) throw new SessionEnded('session refused');
        if (!response.ok) return null;
        const parsed = unreadCountSchema.safeParse(await response.json());
        return parsed.success ? { type: 'unread', unreadCount: parsed.data.unreadCount } : null;
      },
    },
    ...(options.onState ? { onState: options.onState } : {}),
    ...(options.timers ? { timers: options.timers } : {}),
    ...(options.random ? { random: options.random } : {}),
  });
}
