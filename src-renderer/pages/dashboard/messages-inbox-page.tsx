import { MessagesScreen } from '../../features/messages/index.ts';
import { DashboardFrame } from './dashboard-frame.tsx';

export function MessagesInboxPage() {
  return (
    <DashboardFrame heading="Inbox" intro="Messages from buyers and sellers.">
      <MessagesScreen side="inbox" />
    </DashboardFrame>
  );
}
