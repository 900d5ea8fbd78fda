import { AlertSettingsSection } from '../../features/alerts/alert-settings-form.tsx';
import { DashboardFrame } from './dashboard-frame.tsx';

export function BuyingToolsPage() {
  return (
    <DashboardFrame
      heading="Buyer Tools"
      intro="Price and location alerts that watch the marketplace for you."
    >
      <AlertSettingsSection />
    </DashboardFrame>
  );
}
