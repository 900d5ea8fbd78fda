import { AccountSettings } from '../../features/auth/account-settings.tsx';
import { useUserProfile } from '../../features/auth/api/use-user-profile.ts';
import { DealerProfileSection } from '../../features/ffl-finder/index.ts';
import { MessageNotificationSettings } from '../../features/messages/notification-settings.tsx';
import { DashboardFrame } from './dashboard-frame.tsx';

export function AccountSettingsPage() {
  const profile = useUserProfile();
  return (
    <DashboardFrame heading="Account Settings" intro="Your name, contact details and password.">
      <AccountSettings />
      {profile.data?.isDealer ? <DealerProfileSection /> : null}
      <MessageNotificationSettings />
    </DashboardFrame>
  );
}
