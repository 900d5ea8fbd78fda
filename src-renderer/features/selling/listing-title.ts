import { LISTING_TITLE_MAX } from '../../../shared/contract/listings.ts';

export interface TitleFields {
  manufacturer?: string | undefined;
  model?: string | undefined;
  caliber?: string | undefined;
}

/**
 * The title a listing gets from its fields ("Glock 19 Gen5 9mm"), cut at the title limit. Kept in
 * one function so the shared rule can take its place once it exists.
 */
export function listingTitleFromFields({ manufacturer, model, caliber }: TitleFields): string {
  const words = [manufacturer, model, caliber]
    .map((part) => part?.trim() ?? '')
    .filter((part, index, parts) => part !== '' && !parts.slice(0, index).includes(part));
  const title = words.join(' ').replace(/\s+/g, ' ');
  return title.length > LISTING_TITLE_MAX ? title.slice(0, LISTING_TITLE_MAX).trimEnd() : title;
}
