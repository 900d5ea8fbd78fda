/** The header's mega menu, whose code loads when the menu hydrates (`MegaMenuPart`). */
export { MegaMenuPart } from './lazy-parts.ts';
