import { AlertSettingsSection } from '../../features/alerts/index.ts';
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
