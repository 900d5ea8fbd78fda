import { type CategoryFamilyId, familyById } from '../domain/category.ts';
import { Condition, LISTING_DETAIL_MAX } from '../domain/listing.ts';

/**
 * The item fields a new listing may start with, carried in the query of List an Item
 * (`/dashboard/selling/list-item?manufacturer=Glock&model=19&caliber=9mm+Luger&familyId=18`): an
 * identified firearm opens the form this way. The form reads them once, as a seller's own typing.
 */
export interface ListItemPrefill {
  manufacturer?: string | undefined;
  model?: string | undefined;
  caliber?: string | undefined;
  familyId?: CategoryFamilyId | undefined;
  condition?: Condition | undefined;
}

const TEXT_FIELDS = ['manufacturer', 'model', 'caliber'] as const;
const CONDITIONS = new Set<string>(Object.values(Condition));

/** The query of a prefilled List an Item, fields left out when empty. */
export function listItemPrefillQuery(prefill: ListItemPrefill): URLSearchParams {
  const query = new URLSearchParams();
  for (const field of TEXT_FIELDS) {
    const value = prefill[field]?.trim();
    if (value) query.set(field, value.slice(0, LISTING_DETAIL_MAX));
  }
  if (prefill.familyId !== undefined) query.set('familyId', String(prefill.familyId));
  if (prefill.condition !== undefined) query.set('condition', prefill.condition);
  return query;
}

/** The prefill a List an Item query carries; anything unknown or malformed is left out. */
export function parseListItemPrefill(query: URLSearchParams): ListItemPrefill {
  const prefill: ListItemPrefill = {};
  for (const field of TEXT_FIELDS) {
    const value = query.get(field)?.trim();
    if (value) prefill[field] = value.slice(0, LISTING_DETAIL_MAX);
  }
  const family = familyById(query.get('familyId'));
  if (family) prefill.familyId = family.id;
  const condition = query.get('condition');
  if (condition !== null && CONDITIONS.has(condition)) prefill.condition = condition as Condition;
  return prefill;
}
