import { CATEGORY_FAMILIES, type CategoryFamily, familyByKey } from '../../shared/domain/category.ts';

const SHORT_LABELS: Partial<Record<CategoryFamily, string>> = {
  NFA: 'NFA Class 3',
  EverythingElse: 'Everything Else',
  BlackPowderMuzzleloaders: 'Black Powder Muzzleloaders',
  CollectibleFirearms: 'Collectible Firearms',
};

/**
 * A label for one family. The spec's display names join several families ('Other/Semi Auto/Single
 * Shot Pistols'); filters and menus need one name each, so the identifier is spelled out in words.
 */
export function familyLabel(key: CategoryFamily): string {
  let label = labels.get(key);
  if (label === undefined) {
    label = SHORT_LABELS[key] ?? key.replace(/([a-z])([A-Z])/g, '$1 $2');
    labels.set(key, label);
  }
  return label;
}

/** Labels are asked for once per card, filter and menu entry: each is worked out once. */
const labels = new Map<CategoryFamily, string>();

export function familyLabelById(id: number): string {
  const family = CATEGORY_FAMILIES.find((info) => info.id === id);
  return family ? familyLabel(family.key) : String(id);
}

export function familyLabelByKey(key: string): string {
  const family = familyByKey(key);
  return family ? familyLabel(family.key) : key;
}
