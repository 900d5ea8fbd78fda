import { MessagesScreen } from '../../features/messages/messages-screen.tsx';
import { DashboardFrame } from './dashboard-frame.tsx';

export function MessagesInboxPage() {
  return (
    <DashboardFrame heading="Inbox" intro="Messages from buyers and sellers.">
      <MessagesScreen side="inbox" />
    </DashboardFrame>
  );
}
