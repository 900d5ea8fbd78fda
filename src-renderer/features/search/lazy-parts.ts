import { lazyPart } from '../../lib/lazy-part.ts';

/**
 * The header's search bar: its code loads when the bar hydrates (see `lazyPart`); until then it is
 * the server's plain search form, which submits without it.
 */
export const HeaderSearchPart = lazyPart(() => import('./header-search.tsx').then((m) => m.HeaderSearch));
