/** Dismissed alert ids, remembered in the browser so a dismissed alert stays away. */
export const DISMISSED_ALERTS_KEY = 'ironsight.dismissedAlerts';
const MAX_REMEMBERED = 200;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readDismissedAlerts(store: Storage | null = storage()): Set<string> {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(DISMISSED_ALERTS_KEY) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

export function rememberDismissedAlert(id: string, store: Storage | null = storage()): void {
  const ids = [...readDismissedAlerts(store)].filter((known) => known !== id);
  ids.push(id);
  try {
    store?.setItem(DISMISSED_ALERTS_KEY, JSON.stringify(ids.slice(-MAX_REMEMBERED)));
  } catch {
    // Storage full or blocked: the alert is hidden for this visit only.
  }
}
