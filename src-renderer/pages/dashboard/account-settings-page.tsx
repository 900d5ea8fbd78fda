import { DashboardFrame } from './dashboard-frame.tsx';

export function AccountSettingsPage() {
  return (
    <DashboardFrame
      heading="Account Settings"
      intro="Your name, contact details, password and email preferences."
    />
  );
}
