import { lazyPart } from '../../lib/lazy-part.ts';

/** The header's mega menu: its code loads when the menu hydrates (see `lazyPart`). */
export const MegaMenuPart = lazyPart(() => import('./mega-menu.tsx').then((m) => m.MegaMenu));
