import { useCallback } from 'react';
import { ClientErrorCode, isApiError } from './api-client.ts';
import type { OutboxAction, OutboxControl } from './platform/platform.ts';
import { usePlatform } from './platform/platform-context.tsx';

/** What the desktop client says when an action was kept in its outbox instead of sent. */
export const OFFLINE_SAVED_MESSAGE =
  "You're offline. Saved, and it will be sent when the connection returns.";

/**
 * True when the call never got an answer (no connection, DNS, refused): the API client's network
 * error. An HTTP error answer (400, 409, 500, …) is the server's word and is not one.
 */
export function isNetworkFailure(error: unknown): boolean {
  return isApiError(error) && error.status === 0 && error.code === ClientErrorCode.Network;
}

/**
 * Hands an action whose call failed for want of a connection to the desktop outbox. Answers true
 * when it is queued (the caller then says so instead of showing the error); false on the web (no
 * outbox), for any other failure, or when the outbox refused it — the caller shows the error then.
 */
export async function handOffToOutbox(
  outbox: OutboxControl | null,
  error: unknown,
  action: OutboxAction,
  label: string,
): Promise<boolean> {
  if (!outbox || !isNetworkFailure(error)) return false;
  try {
    await outbox.enqueue(action, label);
    return true;
  } catch {
    return false;
  }
}

/** The label the pending list shows for an action: a few words, long values cut short. */
export function outboxLabel(text: string, max = 80): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** `handOffToOutbox` with the platform's outbox (none on the web). */
export function useOutboxHandoff(): (
  error: unknown,
  action: OutboxAction,
  label: string,
) => Promise<boolean> {
  const outbox = usePlatform().outbox;
  return useCallback(
    (error: unknown, action: OutboxAction, label: string) =>
      handOffToOutbox(outbox, error, action, outboxLabel(label)),
    [outbox],
  );
}
