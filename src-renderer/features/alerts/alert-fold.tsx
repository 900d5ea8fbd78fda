import { BellRing, ChevronDown } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import type { Alert } from '../../../shared/contract/users.ts';
import styles from './alert-fold.module.css';

/** "3 alerts: Offer received, Payment due" — the count, then the titles the alerts have. */
export function alertFoldSummary(alerts: readonly Alert[]): string {
  const count = `${alerts.length} ${alerts.length === 1 ? 'alert' : 'alerts'}`;
  const titles = alerts
    .map((alert) => alert.title?.trim())
    .filter((title): title is string => Boolean(title));
  return titles.length > 0 ? `${count}: ${titles.join(', ')}` : count;
}

export interface AlertFold {
  /** For the banner: folds its list on small screens while closed. */
  className: string;
  /** The one-line button with the count that opens and closes the list (small screens only). */
  toggle: ReactNode;
  /** The id the banner's list takes, which the button controls. */
  listId: string;
}

/**
 * On a small screen the dashboard's alerts fold into one line with their count, which opens the
 * list, so the page itself starts on the first screen. Large screens always show the list, and
 * `enabled` false (public alerts) leaves the banner as it is.
 */
export function useAlertFold(alerts: readonly Alert[], enabled: boolean): AlertFold {
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (!enabled || alerts.length === 0) return { className: '', toggle: null, listId };
  return {
    className: open ? `${styles.fold} ${styles.open}` : `${styles.fold}`,
    listId,
    toggle: (
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <BellRing className={styles.icon} size={18} aria-hidden="true" />
        <span className={styles.summary}>{alertFoldSummary(alerts)}</span>
        <ChevronDown className={styles.chevron} size={18} aria-hidden="true" />
      </button>
    ),
  };
}
