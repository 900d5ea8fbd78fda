/**
 * The main process follows the live channel of messages with the session token kept in the
 * vault, so the badge and notifications work while the window is closed or in the background.
 * Following restarts when the token changes (sign-in, sign-out); the shared follower reconnects
 * with backoff and polls the count every minute while the stream is down.
 */
import {
  type FollowMessagesOptions,
  followMessages,
  type LiveState,
  type MessagesFollower,
  type Timers,
} from '../../shared/live/follow-messages.ts';
import type { UnreadNotifier } from './unread-notifier.ts';

export interface MessageFollowerOptions {
  apiOrigin: string;
  getToken(): Promise<string | null>;
  fetch: FollowMessagesOptions['fetch'];
  notifier: UnreadNotifier;
  timers?: Timers;
  onState?: (state: LiveState) => void;
}

export interface MessageFollower {
  /** Starts following (again) with the token now in the vault; nothing while signed out. */
  restart(): Promise<void>;
  stop(): void;
}

export function createMessageFollower(options: MessageFollowerOptions): MessageFollower {
  let current: MessagesFollower | null = null;
  let generation = 0;
  const stop = () => {
    generation += 1;
    current?.stop();
    current = null;
  };
  return {
    async restart() {
      stop();
      const mine = generation;
      options.notifier.reset();
      const token = await options.getToken().catch(() => null);
      if (!token || mine !== generation) return;
      current = followMessages({
        origin: options.apiOrigin,
        getToken: options.getToken,
        fetch: options.fetch,
        onEvent: (event) => options.notifier.receive(event),
        ...(options.onState ? { onState: options.onState } : {}),
        ...(options.timers ? { timers: options.timers } : {}),
      });
    },
    stop,
  };
}
