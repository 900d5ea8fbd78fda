import { paths } from '../../../shared/routes/paths.ts';

// Apart from the account menu's link table: the header's Sell button needs these on every page.

/** Selling and List an Item send a non-seller to /membership. */
export function listItemTarget(isSeller: boolean): string {
  return isSeller ? paths.listItem() : paths.membership();
}

/** The header's Sell button: authenticated sellers list an item; everyone else reads /sell-guns. */
export function sellTarget(user: { isSeller: boolean } | null): string {
  return user?.isSeller ? paths.listItem() : paths.sellGuns();
}
