import { DashboardFrame } from './dashboard-frame.tsx';

export function BuyingFavoritesPage() {
  return <DashboardFrame heading="Favorites" intro="Listings you have saved, up to 10 at a time." />;
}
