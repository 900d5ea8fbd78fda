import { describe, expect, it } from 'vitest';
import {
  CATEGORY_FAMILIES,
  CategoryFamily,
  CategoryFamilyId,
  FamilyDisplayName,
  FIREARMS_SECTION_PATHS,
  FIREARMS_SECTIONS,
  familiesForDisplayName,
  familyById,
  familyByKey,
  familyDisplayName,
  firearmsSectionFamilyIds,
  formatFamilyIds,
  parseFamilyIds,
  requiresFfl,
} from './category.ts';

const PISTOLS = 'Other/Semi Auto/Single Shot Pistols';
const RIFLES = 'Pump Action/Single Shot/Semi Auto/Bolt Action/Lever Action/Other Rifles';
const SHOTGUNS = 'Pump Action/Semi Auto/Side By Side/Other/Single Shot/Over Under Shotguns';

// id, identifier, display name, group, FFL required
const FAMILIES = [
  [1, 'Accessories', 'Accessories', 'NonFirearm', false],
  [2, 'Ammunition', 'Ammunition', 'NonFirearm', false],
  [3, 'BlackPowderMuzzleloaders', 'Black Powder Muzzleloaders', 'Firearm', false],
  [4, 'BoltActionRifles', RIFLES, 'Firearm', true],
  [5, 'CollectibleFirearms', 'Collectible Firearms', 'Firearm', false],
  [6, 'EverythingElse', 'Everything Else', 'NonFirearm', false],
  [7, 'LeverActionRifles', RIFLES, 'Firearm', true],
  [8, 'Magazines', 'Magazines', 'NonFirearm', false],
  [9, 'NFA', 'NFA Class 3', 'Firearm', true],
  [10, 'Optics', 'Optics', 'NonFirearm', false],
  [11, 'OtherPistols', PISTOLS, 'Firearm', true],
  [12, 'OtherRifles', RIFLES, 'Firearm', true],
  [13, 'OtherShotguns', SHOTGUNS, 'Firearm', true],
  [14, 'OverUnderShotguns', SHOTGUNS, 'Firearm', true],
  [15, 'PumpActionRifles', RIFLES, 'Firearm', true],
  [16, 'PumpActionShotguns', SHOTGUNS, 'Firearm', true],
  [17, 'Revolvers', 'Revolvers', 'Firearm', true],
  [18, 'SemiAutoPistols', PISTOLS, 'Firearm', true],
  [19, 'SemiAutoRifles', RIFLES, 'Firearm', true],
  [20, 'SemiAutoShotguns', SHOTGUNS, 'Firearm', true],
  [21, 'SideBySideShotguns', SHOTGUNS, 'Firearm', true],
  [22, 'SingleShotPistols', PISTOLS, 'Firearm', true],
  [23, 'SingleShotRifles', RIFLES, 'Firearm', true],
  [24, 'SingleShotShotguns', SHOTGUNS, 'Firearm', true],
  [25, 'Suppressor', 'Suppressor', 'Firearm', true],
] as const;

describe('category families', () => {
  it('lists the 25 identifiers in alphabetical order with ids 1..25', () => {
    expect(CATEGORY_FAMILIES.map((family) => [family.id, family.key])).toEqual(
      FAMILIES.map(([id, key]) => [id, key]),
    );
    expect(Object.keys(CategoryFamily)).toEqual([...Object.keys(CategoryFamily)].sort());
  });

  it.each(FAMILIES)('%s %s: display name %j, group %s, FFL %s', (id, key, displayName, group, ffl) => {
    expect(CategoryFamily[key]).toBe(key);
    expect(CategoryFamilyId[key]).toBe(id);
    expect(familyByKey(key)).toEqual({ id, key, displayName, group, requiresFfl: ffl });
    expect(familyById(id)?.key).toBe(key);
    expect(familyDisplayName(key)).toBe(displayName);
    expect(familyDisplayName(id)).toBe(displayName);
    expect(requiresFfl(key)).toBe(ffl);
    expect(requiresFfl(id)).toBe(ffl);
    expect(requiresFfl(displayName)).toBe(ffl);
  });

  it('every family display name is one of the spec display names', () => {
    const names = new Set<string>(Object.values(FamilyDisplayName));
    for (const family of CATEGORY_FAMILIES) expect(names.has(family.displayName)).toBe(true);
    expect(names.size).toBe(15);
  });
});

describe('familyByKey / familyById', () => {
  it.each([
    ['nfa', 'NFA'],
    [' semiautopistols ', 'SemiAutoPistols'],
    ['Pistols', undefined],
    ['', undefined],
    [null, undefined],
  ] as const)('familyByKey(%j) is %s', (key, expected) => {
    expect(familyByKey(key)?.key).toBe(expected);
  });

  it.each([
    ['9', 'NFA'],
    [' 25 ', 'Suppressor'],
    [0, undefined],
    [26, undefined],
    ['1.5', undefined],
    ['abc', undefined],
    [undefined, undefined],
  ] as const)('familyById(%j) is %s', (id, expected) => {
    expect(familyById(id)?.key).toBe(expected);
  });
});

describe('familiesForDisplayName', () => {
  it.each([
    [PISTOLS, ['OtherPistols', 'SemiAutoPistols', 'SingleShotPistols']],
    [
      RIFLES,
      [
        'BoltActionRifles',
        'LeverActionRifles',
        'OtherRifles',
        'PumpActionRifles',
        'SemiAutoRifles',
        'SingleShotRifles',
      ],
    ],
    [
      SHOTGUNS,
      [
        'OtherShotguns',
        'OverUnderShotguns',
        'PumpActionShotguns',
        'SemiAutoShotguns',
        'SideBySideShotguns',
        'SingleShotShotguns',
      ],
    ],
    ['NFA Class 3', ['NFA']],
    ['nfa class 3', ['NFA']],
    ['Revolvers', ['Revolvers']],
    ['Non Firearm', ['Accessories', 'Ammunition', 'EverythingElse', 'Magazines', 'Optics']],
    ['Unknown', []],
    ['', []],
  ] as const)('%j → %j', (name, keys) => {
    expect(familiesForDisplayName(name).map((family) => family.key)).toEqual(keys);
  });

  it("the 'Firearm' umbrella holds the other 20 families", () => {
    expect(familiesForDisplayName('Firearm')).toHaveLength(20);
  });
});

describe('parseFamilyIds', () => {
  it.each([
    ['9', [9]],
    ['11,18,22', [11, 18, 22]],
    [' 11 , 18 ,,22 ', [11, 18, 22]],
    ['1,0,26,abc,-3,2.5,2', [1, 2]],
    ['4,4,4', [4]],
    ['', []],
    [null, []],
  ] as const)('%j → %j', (text, ids) => {
    expect(parseFamilyIds(text)).toEqual(ids);
  });

  it('formats back to the comma-joined URL value', () => {
    expect(formatFamilyIds(parseFamilyIds('11,18,22'))).toBe('11,18,22');
  });
});

describe('requiresFfl for names outside the table', () => {
  it.each([
    ['Firearm', true],
    ['Non Firearm', false],
    ['Something New', true],
    ['', true],
    [99, true],
  ] as const)('%j → %s (unknown families ship to an FFL)', (family, expected) => {
    expect(requiresFfl(family)).toBe(expected);
  });
});

describe('FIREARMS_SECTIONS', () => {
  it.each([
    ['handguns', '/firearms/handguns', [11, 18, 22, 17]],
    ['rifles', '/firearms/rifles', [4, 7, 12, 15, 19, 23]],
    ['shotguns', '/firearms/shotguns', [13, 14, 16, 20, 21, 24]],
  ] as const)('%s at %s shows family ids %j', (section, path, ids) => {
    expect(FIREARMS_SECTION_PATHS[section]).toBe(path);
    expect(firearmsSectionFamilyIds(section)).toEqual(ids);
    for (const key of FIREARMS_SECTIONS[section]) expect(requiresFfl(key)).toBe(true);
  });
});
