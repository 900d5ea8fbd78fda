import { SavedSearchList } from '../../features/saved-searches/index.ts';
import { DashboardFrame } from './dashboard-frame.tsx';

export function BuyingSavedSearchesPage() {
  return (
    <DashboardFrame
      heading="Saved Searches"
      intro="Searches you have saved and how often you hear about new matches."
    >
      <SavedSearchList />
    </DashboardFrame>
  );
}
