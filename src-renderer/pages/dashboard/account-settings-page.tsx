import { AccountSettings } from '../../features/auth/account-settings.tsx';
import { DashboardFrame } from './dashboard-frame.tsx';

export function AccountSettingsPage() {
  return (
    <DashboardFrame heading="Account Settings" intro="Your name, contact details and password.">
      <AccountSettings />
    </DashboardFrame>
  );
}
