import { MessagesScreen } from '../../features/messages/index.ts';
import { DashboardFrame } from './dashboard-frame.tsx';

export function MessagesSentPage() {
  return (
    <DashboardFrame
      heading="Sent"
      title="Sent Messages"
      intro="Messages you have sent to buyers and sellers."
    >
      <MessagesScreen side="sent" />
    </DashboardFrame>
  );
}
