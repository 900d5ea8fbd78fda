import { AccountSettings, useUserProfile } from '../../features/auth/index.ts';
import { QuietHoursSettings } from '../../features/desktop-sync/index.ts';
import { DealerProfileSection } from '../../features/ffl-finder/index.ts';
import { MessageNotificationSettings } from '../../features/messages/index.ts';
import { DashboardFrame } from './dashboard-frame.tsx';

export function AccountSettingsPage() {
  const profile = useUserProfile();
  return (
    <DashboardFrame heading="Account Settings" intro="Your name, contact details and password.">
      <AccountSettings />
      {profile.data?.isDealer ? <DealerProfileSection /> : null}
      <MessageNotificationSettings />
      <QuietHoursSettings />
    </DashboardFrame>
  );
}
