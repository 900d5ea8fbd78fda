import { Mail } from 'lucide-react';
import { formatUnreadBadge } from '../../../shared/domain/listing-card.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { CountBadge, IconLink } from '../../ui/icon-button.tsx';
import { useUnreadCount } from './api/use-unread-count.ts';

/** The header's messages button: only when signed in with unread messages; links to the inbox; 99+ at most. */
export function UnreadMessagesLink() {
  const count = useUnreadCount();
  const badge = formatUnreadBadge(count);
  if (badge === null) return null;
  return (
    <IconLink
      to={paths.inbox()}
      label={`Messages, ${badge} unread`}
      icon={<Mail size={22} />}
      badge={<CountBadge count={count} />}
    />
  );
}
