import { lazyPart } from '../../lib/lazy-part.ts';

/** The header's favorites button and its sheet: the code loads when the button hydrates (see `lazyPart`). */
export const FavoritesSheetPart = lazyPart(() =>
  import('./favorites-sheet.tsx').then((m) => m.FavoritesSheet),
);
