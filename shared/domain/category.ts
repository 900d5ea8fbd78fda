/** Category family identifiers, each mapping to itself. */
export const CategoryFamily = {
  Accessories: 'Accessories',
  Ammunition: 'Ammunition',
  BlackPowderMuzzleloaders: 'BlackPowderMuzzleloaders',
  BoltActionRifles: 'BoltActionRifles',
  CollectibleFirearms: 'CollectibleFirearms',
  EverythingElse: 'EverythingElse',
  LeverActionRifles: 'LeverActionRifles',
  Magazines: 'Magazines',
  NFA: 'NFA',
  Optics: 'Optics',
  OtherPistols: 'OtherPistols',
  OtherRifles: 'OtherRifles',
  OtherShotguns: 'OtherShotguns',
  OverUnderShotguns: 'OverUnderShotguns',
  PumpActionRifles: 'PumpActionRifles',
  PumpActionShotguns: 'PumpActionShotguns',
  Revolvers: 'Revolvers',
  SemiAutoPistols: 'SemiAutoPistols',
  SemiAutoRifles: 'SemiAutoRifles',
  SemiAutoShotguns: 'SemiAutoShotguns',
  SideBySideShotguns: 'SideBySideShotguns',
  SingleShotPistols: 'SingleShotPistols',
  SingleShotRifles: 'SingleShotRifles',
  SingleShotShotguns: 'SingleShotShotguns',
  Suppressor: 'Suppressor',
} as const;
export type CategoryFamily = (typeof CategoryFamily)[keyof typeof CategoryFamily];

/** Numeric family ids (1..25, alphabetical by identifier) as carried by the search URL's familyIDs. */
export const CategoryFamilyId = {
  Accessories: 1,
  Ammunition: 2,
  BlackPowderMuzzleloaders: 3,
  BoltActionRifles: 4,
  CollectibleFirearms: 5,
  EverythingElse: 6,
  LeverActionRifles: 7,
  Magazines: 8,
  NFA: 9,
  Optics: 10,
  OtherPistols: 11,
  OtherRifles: 12,
  OtherShotguns: 13,
  OverUnderShotguns: 14,
  PumpActionRifles: 15,
  PumpActionShotguns: 16,
  Revolvers: 17,
  SemiAutoPistols: 18,
  SemiAutoRifles: 19,
  SemiAutoShotguns: 20,
  SideBySideShotguns: 21,
  SingleShotPistols: 22,
  SingleShotRifles: 23,
  SingleShotShotguns: 24,
  Suppressor: 25,
} as const satisfies Record<CategoryFamily, number>;
export type CategoryFamilyId = (typeof CategoryFamilyId)[keyof typeof CategoryFamilyId];

/** Display names; several families share one combined display name. */
export const FamilyDisplayName = {
  Accessories: 'Accessories',
  Ammunition: 'Ammunition',
  CollectibleFirearms: 'Collectible Firearms',
  BlackPowderMuzzleloaders: 'Black Powder Muzzleloaders',
  EverythingElse: 'Everything Else',
  Firearm: 'Firearm',
  Pistols: 'Other/Semi Auto/Single Shot Pistols',
  Revolvers: 'Revolvers',
  Rifles: 'Pump Action/Single Shot/Semi Auto/Bolt Action/Lever Action/Other Rifles',
  Magazines: 'Magazines',
  NFA: 'NFA Class 3',
  NonFirearm: 'Non Firearm',
  Optics: 'Optics',
  Shotguns: 'Pump Action/Semi Auto/Side By Side/Other/Single Shot/Over Under Shotguns',
  Suppressor: 'Suppressor',
} as const;
export type FamilyDisplayName = (typeof FamilyDisplayName)[keyof typeof FamilyDisplayName];

/**
 * Browsing umbrella of a family. 'Firearm' holds every gun family plus NFA items and suppressors
 * (including collectibles and muzzleloaders, which are guns even where no FFL is needed);
 * 'NonFirearm' holds goods that are not guns. This grouping is independent of `requiresFfl`.
 */
export type FamilyGroup = 'Firearm' | 'NonFirearm';

/** Display names of the two umbrellas ('Firearm', 'Non Firearm'). */
export const FAMILY_GROUP_DISPLAY_NAMES: Readonly<Record<FamilyGroup, FamilyDisplayName>> = {
  Firearm: FamilyDisplayName.Firearm,
  NonFirearm: FamilyDisplayName.NonFirearm,
};

export type CategoryFamilyInfo = {
  readonly id: CategoryFamilyId;
  readonly key: CategoryFamily;
  readonly displayName: FamilyDisplayName;
  readonly group: FamilyGroup;
  readonly requiresFfl: boolean;
};

/** Families that may ship directly to the buyer; every other family ships to an FFL. */
export const FFL_EXEMPT_FAMILIES: readonly CategoryFamily[] = [
  CategoryFamily.EverythingElse,
  CategoryFamily.CollectibleFirearms,
  CategoryFamily.BlackPowderMuzzleloaders,
  CategoryFamily.Ammunition,
  CategoryFamily.Accessories,
  CategoryFamily.Magazines,
  CategoryFamily.Optics,
];

const DISPLAY_AND_GROUP: Readonly<Record<CategoryFamily, readonly [FamilyDisplayName, FamilyGroup]>> = {
  Accessories: [FamilyDisplayName.Accessories, 'NonFirearm'],
  Ammunition: [FamilyDisplayName.Ammunition, 'NonFirearm'],
  BlackPowderMuzzleloaders: [FamilyDisplayName.BlackPowderMuzzleloaders, 'Firearm'],
  BoltActionRifles: [FamilyDisplayName.Rifles, 'Firearm'],
  CollectibleFirearms: [FamilyDisplayName.CollectibleFirearms, 'Firearm'],
  EverythingElse: [FamilyDisplayName.EverythingElse, 'NonFirearm'],
  LeverActionRifles: [FamilyDisplayName.Rifles, 'Firearm'],
  Magazines: [FamilyDisplayName.Magazines, 'NonFirearm'],
  NFA: [FamilyDisplayName.NFA, 'Firearm'],
  Optics: [FamilyDisplayName.Optics, 'NonFirearm'],
  OtherPistols: [FamilyDisplayName.Pistols, 'Firearm'],
  OtherRifles: [FamilyDisplayName.Rifles, 'Firearm'],
  OtherShotguns: [FamilyDisplayName.Shotguns, 'Firearm'],
  OverUnderShotguns: [FamilyDisplayName.Shotguns, 'Firearm'],
  PumpActionRifles: [FamilyDisplayName.Rifles, 'Firearm'],
  PumpActionShotguns: [FamilyDisplayName.Shotguns, 'Firearm'],
  Revolvers: [FamilyDisplayName.Revolvers, 'Firearm'],
  SemiAutoPistols: [FamilyDisplayName.Pistols, 'Firearm'],
  SemiAutoRifles: [FamilyDisplayName.Rifles, 'Firearm'],
  SemiAutoShotguns: [FamilyDisplayName.Shotguns, 'Firearm'],
  SideBySideShotguns: [FamilyDisplayName.Shotguns, 'Firearm'],
  SingleShotPistols: [FamilyDisplayName.Pistols, 'Firearm'],
  SingleShotRifles: [FamilyDisplayName.Rifles, 'Firearm'],
  SingleShotShotguns: [FamilyDisplayName.Shotguns, 'Firearm'],
  Suppressor: [FamilyDisplayName.Suppressor, 'Firearm'],
};

export const CATEGORY_FAMILIES: readonly CategoryFamilyInfo[] = (
  Object.keys(CategoryFamily) as CategoryFamily[]
).map((key) => {
  const [displayName, group] = DISPLAY_AND_GROUP[key];
  return {
    id: CategoryFamilyId[key],
    key,
    displayName,
    group,
    requiresFfl: !FFL_EXEMPT_FAMILIES.includes(key),
  };
});

const BY_KEY = new Map(CATEGORY_FAMILIES.map((family) => [family.key.toLowerCase(), family]));
const BY_ID = new Map<number, CategoryFamilyInfo>(CATEGORY_FAMILIES.map((family) => [family.id, family]));

/** Looks a family up by identifier, case-insensitively. */
export function familyByKey(key: string | null | undefined): CategoryFamilyInfo | undefined {
  return key ? BY_KEY.get(key.trim().toLowerCase()) : undefined;
}

export function familyById(id: number | string | null | undefined): CategoryFamilyInfo | undefined {
  if (id === null || id === undefined) return undefined;
  const text = String(id).trim();
  return /^\d+$/.test(text) ? BY_ID.get(Number(text)) : undefined;
}

const resolveFamily = (keyOrId: string | number | null | undefined): CategoryFamilyInfo | undefined =>
  typeof keyOrId === 'number' || (typeof keyOrId === 'string' && /^\s*\d+\s*$/.test(keyOrId))
    ? familyById(keyOrId)
    : familyByKey(keyOrId);

export function familyDisplayName(
  keyOrId: string | number | null | undefined,
): FamilyDisplayName | undefined {
  return resolveFamily(keyOrId)?.displayName;
}

/**
 * Families behind a display name (case-insensitive). The umbrellas 'Firearm' and 'Non Firearm'
 * return every family of that group; an unknown name returns an empty list.
 */
export function familiesForDisplayName(name: string | null | undefined): CategoryFamilyInfo[] {
  const wanted = (name ?? '').trim().toLowerCase();
  if (wanted === '') return [];
  for (const [group, umbrella] of Object.entries(FAMILY_GROUP_DISPLAY_NAMES)) {
    if (umbrella.toLowerCase() === wanted)
      return CATEGORY_FAMILIES.filter((family) => family.group === group);
  }
  return CATEGORY_FAMILIES.filter((family) => family.displayName.toLowerCase() === wanted);
}

/** Reads the search URL's comma-joined familyIDs; invalid and duplicate ids are dropped. */
export function parseFamilyIds(text: string | null | undefined): CategoryFamilyId[] {
  if (!text) return [];
  const ids: CategoryFamilyId[] = [];
  for (const part of text.split(',')) {
    const family = familyById(part);
    if (family && !ids.includes(family.id)) ids.push(family.id);
  }
  return ids;
}

export function formatFamilyIds(ids: readonly number[]): string {
  return ids.join(',');
}

/**
 * Whether a family must ship to an FFL dealer, by identifier, numeric id or display name.
 * An unknown family, or the 'Firearm' umbrella, requires an FFL: the law-abiding default.
 */
export function requiresFfl(family: string | number | null | undefined): boolean {
  const byKeyOrId = resolveFamily(family);
  if (byKeyOrId) return byKeyOrId.requiresFfl;
  const byName = familiesForDisplayName(typeof family === 'string' ? family : undefined);
  if (byName.length > 0) return byName.some((info) => info.requiresFfl);
  return true;
}

/** Family identifiers behind the /firearms section pages. */
export const FIREARMS_SECTIONS = {
  handguns: [
    CategoryFamily.OtherPistols,
    CategoryFamily.SemiAutoPistols,
    CategoryFamily.SingleShotPistols,
    CategoryFamily.Revolvers,
  ],
  rifles: [
    CategoryFamily.BoltActionRifles,
    CategoryFamily.LeverActionRifles,
    CategoryFamily.OtherRifles,
    CategoryFamily.PumpActionRifles,
    CategoryFamily.SemiAutoRifles,
    CategoryFamily.SingleShotRifles,
  ],
  shotguns: [
    CategoryFamily.OtherShotguns,
    CategoryFamily.OverUnderShotguns,
    CategoryFamily.PumpActionShotguns,
    CategoryFamily.SemiAutoShotguns,
    CategoryFamily.SideBySideShotguns,
    CategoryFamily.SingleShotShotguns,
  ],
} as const satisfies Record<string, readonly CategoryFamily[]>;
export type FirearmsSection = keyof typeof FIREARMS_SECTIONS;

export const FIREARMS_SECTION_PATHS: Readonly<Record<FirearmsSection, string>> = {
  handguns: '/firearms/handguns',
  rifles: '/firearms/rifles',
  shotguns: '/firearms/shotguns',
};

/** Numeric family ids of a /firearms section, for the search URL's familyIDs. */
export function firearmsSectionFamilyIds(section: FirearmsSection): CategoryFamilyId[] {
  return FIREARMS_SECTIONS[section].map((key) => CategoryFamilyId[key]);
}
