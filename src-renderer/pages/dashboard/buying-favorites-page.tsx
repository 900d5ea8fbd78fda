import { FavoritesList } from '../../features/favorites/index.ts';
import { DashboardFrame } from './dashboard-frame.tsx';

export function BuyingFavoritesPage() {
  return (
    <DashboardFrame
      heading="Favorites"
      intro="Listings you have saved, up to 10 at a time, with what changed since you added them."
    >
      <FavoritesList />
    </DashboardFrame>
  );
}
