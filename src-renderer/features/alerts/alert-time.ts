/**
 * A time an alert names, written in the reader's own time zone (the browser's, unless one is given)
 * with the zone's short name: "Dec 3, 2026, 6:00 AM CST". The server sends times, never their text.
 */
export function formatAlertTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}
