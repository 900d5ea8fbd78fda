import { CloudUpload } from 'lucide-react';
import { CountBadge, IconLink } from '../../ui/icon-button.tsx';
import { OUTBOX_HREF } from './outbox-anchor.ts';
import { outboxCounts, useOutbox } from './use-outbox.ts';

export function outboxIndicatorLabel(waiting: number, held: number): string {
  const base = waiting === 1 ? '1 change waiting to be sent' : `${waiting} changes waiting to be sent`;
  return held === 0 ? base : `${base}, ${held} need${held === 1 ? 's' : ''} your attention`;
}

/**
 * The header's sign of the desktop outbox: shown only in the desktop client while changes wait to be
 * sent, with their count; leads to the list on the dashboard.
 */
export function OutboxIndicator() {
  const outbox = useOutbox();
  const { waiting, held } = outboxCounts(outbox.value);
  if (!outbox.control || waiting === 0) return null;
  return (
    <IconLink
      to={OUTBOX_HREF}
      label={outboxIndicatorLabel(waiting, held)}
      icon={<CloudUpload size={22} />}
      badge={<CountBadge count={waiting} />}
    />
  );
}
