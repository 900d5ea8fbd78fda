import { describe, expect, it } from 'vitest';
import { CategoryFamilyId } from './category.ts';
import { identifyFirearm, identityName, MIN_IDENTITY_CONFIDENCE } from './firearm-identity.ts';
import { buildFirearmIndex, type FirearmReference } from './firearm-index.ts';
import { editDistance, firearmKey, readFirearmText } from './firearm-text.ts';

const NINE = { id: 'cal-9', name: '9mm Luger', aliases: ['9mm', '9x19', '9mm Parabellum', '9mm Para'] };
const FORTY_FIVE = { id: 'cal-45', name: '.45 ACP', aliases: ['45 Auto', '.45'] };
const TWELVE = { id: 'cal-12', name: '12 Gauge', aliases: ['12 ga', '12ga'] };
const LR = { id: 'cal-22', name: '.22 LR', aliases: ['22 Long Rifle', '.22'] };

const REFERENCE: FirearmReference = {
  manufacturers: [
    { id: 'glock', name: 'Glock', aliases: [] },
    { id: 'sw', name: 'Smith & Wesson', aliases: ['S&W', 'Smith and Wesson'] },
    { id: 'remington', name: 'Remington', aliases: ['Rem'] },
    { id: 'ruger', name: 'Ruger', aliases: ['Sturm Ruger'] },
    { id: 'mossberg', name: 'Mossberg', aliases: [] },
  ],
  calibers: [NINE, FORTY_FIVE, TWELVE, LR],
  models: [
    {
      id: 'g19',
      manufacturerId: 'glock',
      name: '19',
      aliases: ['G19'],
      familyId: CategoryFamilyId.SemiAutoPistols,
    },
    {
      id: 'g21',
      manufacturerId: 'glock',
      name: '21',
      aliases: ['G21'],
      familyId: CategoryFamilyId.SemiAutoPistols,
    },
    {
      id: 'mp9',
      manufacturerId: 'sw',
      name: 'M&P9',
      aliases: [],
      familyId: CategoryFamilyId.SemiAutoPistols,
    },
    {
      id: 'r870',
      manufacturerId: 'remington',
      name: '870',
      aliases: [],
      familyId: CategoryFamilyId.PumpActionShotguns,
    },
    {
      id: 'r1022',
      manufacturerId: 'ruger',
      name: '10/22',
      aliases: [],
      familyId: CategoryFamilyId.SemiAutoRifles,
    },
    {
      id: 'm590',
      manufacturerId: 'mossberg',
      name: '590',
      aliases: [],
      familyId: CategoryFamilyId.PumpActionShotguns,
    },
  ],
  variants: [
    {
      id: 'g19-4',
      modelId: 'g19',
      name: 'Gen 4',
      aliases: ['Generation 4'],
      familyId: null,
      barrelInches: 4.02,
      caliberIds: ['cal-9'],
    },
    {
      id: 'g19-5',
      modelId: 'g19',
      name: 'Gen 5',
      aliases: ['Generation 5'],
      familyId: null,
      barrelInches: 4.02,
      caliberIds: ['cal-9'],
    },
    {
      id: 'g21-4',
      modelId: 'g21',
      name: 'Gen 4',
      aliases: [],
      familyId: null,
      barrelInches: 4.61,
      caliberIds: ['cal-45'],
    },
    {
      id: 'mp9-2',
      modelId: 'mp9',
      name: '2.0',
      aliases: [],
      familyId: null,
      barrelInches: 4.25,
      caliberIds: ['cal-9'],
    },
    {
      id: 'mp9-1',
      modelId: 'mp9',
      name: null,
      aliases: [],
      familyId: null,
      barrelInches: 4.25,
      caliberIds: ['cal-9'],
    },
    {
      id: 'r870-e',
      modelId: 'r870',
      name: 'Express',
      aliases: [],
      familyId: null,
      barrelInches: 28,
      caliberIds: ['cal-12'],
    },
    {
      id: 'r870-w',
      modelId: 'r870',
      name: 'Wingmaster',
      aliases: [],
      familyId: null,
      barrelInches: 26,
      caliberIds: ['cal-12'],
    },
    {
      id: 'r1022-c',
      modelId: 'r1022',
      name: 'Carbine',
      aliases: [],
      familyId: null,
      barrelInches: 18.5,
      caliberIds: ['cal-22'],
    },
    {
      id: 'm590-a',
      modelId: 'm590',
      name: 'A1',
      aliases: [],
      familyId: null,
      barrelInches: 20,
      caliberIds: ['cal-12'],
    },
    {
      id: 'm590-s',
      modelId: 'm590',
      name: 'SBS',
      aliases: [],
      familyId: CategoryFamilyId.NFA,
      barrelInches: 14,
      caliberIds: ['cal-12'],
    },
  ],
};
const index = buildFirearmIndex(REFERENCE);

const best = (text: string, hints = {}) => identifyFirearm(index, [{ field: 'title', text }], hints)[0];

describe('reading a firearm text', () => {
  it.each([
    ['Smith & Wesson', 'smithandwesson'],
    ['S&W', 'sw'],
    ['M&P 9', 'mp9'],
    ['.30-06 Springfield', '3006springfield'],
    ['Gen5', 'gen5'],
    ['Generation 5', 'gen5'],
    ['Glöck', 'glock'],
  ])('reads %s as the key %s', (text, key) => {
    expect(firearmKey(text)).toBe(key);
  });

  it('takes the barrel length out and drops round counts and prices', () => {
    const read = readFirearmText('Glock 17 4.49" 17rd $549');
    expect(read.barrelInches).toBe(4.49);
    expect(read.pieces.map((piece) => piece.key)).toEqual(['glock', '17']);
    expect(readFirearmText('Remington 870 28 inch barrel').barrelInches).toBe(28);
  });

  it('counts a swap of two letters as one edit', () => {
    expect(editDistance('glcok', 'glock', 2)).toBe(1);
    expect(editDistance('remmington', 'remington', 2)).toBe(1);
    expect(editDistance('ruger', 'mossberg', 2)).toBe(3);
  });
});

describe('identifying a firearm from a text', () => {
  it.each([
    // aliases of manufacturers and calibers
    ['S&W M&P9 2.0 9x19', 'Smith & Wesson', 'M&P9', '2.0', '9mm Luger'],
    ['smith and wesson m&p 9 2.0', 'Smith & Wesson', 'M&P9', '2.0', '9mm Luger'],
    ['Glock 19 Gen 5 9mm Parabellum', 'Glock', '19', 'Gen 5', '9mm Luger'],
    ['G19 gen5 9mm', 'Glock', '19', 'Gen 5', '9mm Luger'],
    ['Glock 19 Generation 4', 'Glock', '19', 'Gen 4', '9mm Luger'],
    ['Glock 21 .45', 'Glock', '21', 'Gen 4', '.45 ACP'],
    // misspellings
    ['Glcok 19 Gen 5', 'Glock', '19', 'Gen 5', '9mm Luger'],
    ['Remmington 870 Expres 12ga', 'Remington', '870', 'Express', '12 Gauge'],
    ['Sturm Rugr 10/22 carbine .22 Long Rifle', 'Ruger', '10/22', 'Carbine', '.22 LR'],
    // missing words: no manufacturer, no variant
    ['M&P9 2.0 used', 'Smith & Wesson', 'M&P9', '2.0', '9mm Luger'],
    ['870 wingmaster 26"', 'Remington', '870', 'Wingmaster', '12 Gauge'],
    ['Smith & Wesson M&P9 9mm', 'Smith & Wesson', 'M&P9', null, '9mm Luger'],
  ])('reads “%s” as %s %s %s in %s', (text, manufacturer, model, variant, caliber) => {
    const found = best(text);
    expect(found?.identity).toMatchObject({ manufacturer, model, variant, caliber });
    expect(found?.confidence).toBeGreaterThanOrEqual(MIN_IDENTITY_CONFIDENCE);
  });

  it('reads no name more than one edit away from a short name', () => {
    const found = best('Gleek 19 Gen 5');
    expect(found?.identity.model).toBe('19');
    expect(found?.reasons.map((reason) => reason.part)).not.toContain('manufacturer');
  });

  it('names the model alone when the text does not tell its generations apart', () => {
    const found = best('Glock 19 9mm');
    expect(found?.identity).toMatchObject({
      model: '19',
      variantId: null,
      variant: null,
      caliber: '9mm Luger',
    });
  });

  it('tells variants apart by barrel length when the text names none', () => {
    expect(best('Remington 870 28" barrel')?.identity.variant).toBe('Express');
    expect(best('Remington 870', { barrelInches: 26 })?.identity.variant).toBe('Wingmaster');
  });

  it('gives the family, the FFL rule and the NFA flag of the variant', () => {
    expect(best('Mossberg 590 SBS')?.identity).toMatchObject({ family: 'NFA', requiresFfl: true, nfa: true });
    expect(best('Mossberg 590 A1')?.identity).toMatchObject({
      family: 'PumpActionShotguns',
      requiresFfl: true,
      nfa: false,
    });
  });

  it('says which words of which field matched, and which were misspelt', () => {
    const [found] = identifyFirearm(index, [
      { field: 'manufacturer', text: 'Glcok' },
      { field: 'model', text: '19 gen5' },
      { field: 'caliber', text: '9x19' },
    ]);
    expect(found?.reasons).toEqual([
      { part: 'manufacturer', field: 'manufacturer', written: 'Glcok', value: 'Glock', typo: true },
      { part: 'model', field: 'model', written: '19', value: '19', typo: false },
      { part: 'variant', field: 'model', written: 'gen5', value: 'Gen 5', typo: false },
      { part: 'caliber', field: 'caliber', written: '9x19', value: '9mm Luger', typo: false },
    ]);
    expect(identityName(found!.identity)).toBe('Glock 19 Gen 5 in 9mm Luger');
  });

  it('ranks a caliber that does not fit below one that does', () => {
    const candidates = identifyFirearm(index, [{ field: 'title', text: 'Glock 9mm' }]);
    expect(candidates[0]?.identity.model).toBe('19');
    expect(candidates.every((candidate) => candidate.confidence < MIN_IDENTITY_CONFIDENCE)).toBe(true);
  });

  it('finds nothing in a text that names no firearm of the reference', () => {
    expect(identifyFirearm(index, [{ field: 'title', text: 'Vortex Crossfire II 3-9x40 scope' }])).toEqual(
      [],
    );
  });
});
