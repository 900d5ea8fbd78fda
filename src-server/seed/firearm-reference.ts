import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CATEGORY_FAMILIES, type CategoryFamily, CategoryFamilyId } from '../../shared/domain/category.ts';
import type {
  FirearmReference,
  ReferenceCaliber,
  ReferenceManufacturer,
  ReferenceModel,
  ReferenceVariant,
} from '../../shared/domain/firearm-index.ts';
import { identifyListingsAfter, writeFirearmReference } from '../core/firearm-reference.ts';
import { loadInBulk } from '../db/bulk-load.ts';
import type { DbExecutor } from '../db/client.ts';
import { FAMILY_CATALOG } from './catalog-products.ts';
import { anyRow, type SeedPart } from './seed-part.ts';

/** The names sellers write for each manufacturer of the demo catalogue. */
const MANUFACTURER_ALIASES: Readonly<Record<string, readonly string[]>> = {
  'Smith & Wesson': ['S&W', 'Smith and Wesson', 'Smith Wesson', 'Smith&Wesson'],
  'Sig Sauer': ['Sig', 'SigSauer', 'Sig Arms'],
  'Springfield Armory': ['Springfield', 'Springfield Armory Inc'],
  Ruger: ['Sturm Ruger', 'Sturm, Ruger & Co'],
  CZ: ['CZ-USA', 'CZ USA', 'Ceska Zbrojovka'],
  'Heckler & Koch': ['HK', 'H&K', 'Heckler and Koch', 'Heckler Koch'],
  FN: ['FN Herstal', 'FNH', 'FN America', 'FNH USA'],
  'Daniel Defense': ['DD'],
  'Palmetto State Armory': ['PSA', 'Palmetto'],
  BCM: ['Bravo Company', 'Bravo Company Manufacturing'],
  'Century Arms': ['Century'],
  Henry: ['Henry Repeating Arms', 'Henry Rifles'],
  'Kel-Tec': ['Keltec'],
  'Harrington & Richardson': ['H&R', 'Harrington and Richardson'],
  'Thompson/Center': ['Thompson Center', 'T/C', 'TC Arms'],
  'Hi-Point': ['Hipoint'],
  Walther: ['Walther Arms', 'Carl Walther'],
  Beretta: ['Beretta USA'],
  Colt: ['Colts', 'Colt Manufacturing'],
  Browning: ['Browning Arms'],
  Mossberg: ['O.F. Mossberg', 'Mossberg & Sons'],
  Winchester: ['Win', 'Winchester Repeating Arms'],
  Remington: ['Rem', 'Remington Arms'],
  Savage: ['Savage Arms'],
  'Aero Precision': ['Aero'],
  SilencerCo: ['Silencer Co', 'Silencer Company'],
  SureFire: ['Sure Fire'],
  'Thunder Beast': ['Thunder Beast Arms', 'TBAC'],
  'Dead Air': ['Dead Air Armament', 'Dead Air Silencers'],
  Rugged: ['Rugged Suppressors'],
  'B&T': ['B and T', 'Brugger & Thomet', 'B&T USA'],
  Uberti: ['A. Uberti'],
  Pedersoli: ['Davide Pedersoli'],
  Luger: ['DWM'],
  Traditions: ['Traditions Firearms'],
  Troy: ['Troy Industries'],
  Barrett: ['Barrett Firearms'],
  Taurus: ['Taurus USA'],
  Benelli: ['Benelli USA'],
};

/** Each caliber of the demo catalogue under its usual name, with the other names it goes by. */
const CALIBERS: readonly { name: string; catalogue: readonly string[]; aliases: readonly string[] }[] = [
  {
    name: '9mm Luger',
    catalogue: ['9mm'],
    aliases: ['9mm', '9x19', '9x19mm', '9mm Parabellum', '9mm Para', '9 Para', '9 Luger', '9mm NATO'],
  },
  { name: '10mm Auto', catalogue: ['10mm'], aliases: ['10mm'] },
  { name: '.45 ACP', catalogue: ['.45 ACP'], aliases: ['45 Auto', '.45 Auto', '.45'] },
  { name: '.40 S&W', catalogue: ['.40 S&W'], aliases: ['40SW', '40 cal', '.40', '40 Smith & Wesson'] },
  {
    name: '.380 ACP',
    catalogue: ['.380 ACP'],
    aliases: ['380 Auto', '.380', '9mm Kurz', '9mm Short', '9x17'],
  },
  { name: '.22 LR', catalogue: ['.22 LR'], aliases: ['22 Long Rifle', '.22', '22 cal'] },
  { name: '5.56 NATO', catalogue: ['5.56 NATO'], aliases: ['5.56', '5.56x45', '5.56x45mm', '5.56mm'] },
  { name: '.223 Remington', catalogue: ['.223 Rem'], aliases: ['.223', '223 Rem'] },
  { name: '.308 Winchester', catalogue: ['.308 Win'], aliases: ['.308', '308 Win', '7.62x51', '7.62 NATO'] },
  { name: '7.62x39mm', catalogue: ['7.62x39'], aliases: ['7.62x39', '7.62 x 39'] },
  { name: '6.5 Creedmoor', catalogue: ['6.5 Creedmoor'], aliases: ['6.5 CM', '6.5 Creed'] },
  {
    name: '.30-06 Springfield',
    catalogue: ['.30-06 Springfield'],
    aliases: ['30-06', '30.06', '30-06 Sprg'],
  },
  { name: '.270 Winchester', catalogue: ['.270 Win'], aliases: ['.270', '270 Win'] },
  {
    name: '.300 Winchester Magnum',
    catalogue: ['.300 Win Mag'],
    aliases: ['300 Win Mag', '300WM', '300 Winmag'],
  },
  { name: '.243 Winchester', catalogue: ['.243 Win'], aliases: ['.243', '243 Win'] },
  { name: '.350 Legend', catalogue: ['.350 Legend'], aliases: ['350 Leg'] },
  { name: '.357 Magnum', catalogue: ['.357 Magnum'], aliases: ['357 Mag', '.357'] },
  { name: '.44 Magnum', catalogue: ['.44 Magnum'], aliases: ['44 Mag', '.44'] },
  {
    name: '.38 Special',
    catalogue: ['.38 Special +P'],
    aliases: ['38 Spl', '38 Spc', '.38 Special +P', '38 Special P'],
  },
  { name: '.45 Colt', catalogue: ['.45 Colt'], aliases: ['45 LC', '45 Long Colt'] },
  { name: '.45-70 Government', catalogue: ['.45-70 Government'], aliases: ['45-70', '45/70', '45-70 Govt'] },
  { name: '.30-30 Winchester', catalogue: ['.30-30 Win'], aliases: ['30-30', '30 WCF', '30-30 Win'] },
  { name: '12 Gauge', catalogue: ['12 Gauge'], aliases: ['12 ga', '12 gage', '12g'] },
  { name: '20 Gauge', catalogue: ['20 Gauge'], aliases: ['20 ga', '20 gage', '20g'] },
  { name: '.410 Bore', catalogue: ['.410 Bore'], aliases: ['.410', '410 ga', '410 Gauge'] },
  { name: '.50 Caliber', catalogue: ['.50 Cal'], aliases: ['50 cal', '.50'] },
  { name: '.45 Caliber', catalogue: ['.45 Cal'], aliases: ['45 cal'] },
  {
    name: '.300 AAC Blackout',
    catalogue: ['.300 Blackout'],
    aliases: ['300 BLK', '300 Blackout', '300 AAC', '7.62x35'],
  },
  { name: 'Multi-Caliber', catalogue: ['Multi-Caliber'], aliases: ['Multi Cal'] },
  { name: '.30 Caliber', catalogue: ['.30 Cal'], aliases: ['30 cal'] },
  { name: '.50 BMG', catalogue: ['.50 BMG'], aliases: ['50 BMG', '12.7x99'] },
  { name: '8mm Mauser', catalogue: ['8mm Mauser'], aliases: ['8x57', '7.92x57', '8mm', '8x57 IS'] },
  { name: '.44-40 Winchester', catalogue: ['.44-40 Win'], aliases: ['44-40', '44 WCF'] },
];

/**
 * Catalogue products whose model and variant the usual split (first word, or "Model 70" and "No. 1")
 * gets wrong: [model, variant, model aliases].
 */
const SPLITS: Readonly<Record<string, readonly [string, string | null, readonly string[]]>> = {
  'Smith & Wesson|M&P Shield Plus': ['M&P Shield', 'Plus', ['Shield']],
  'Ruger|Mark IV 22/45': ['Mark IV', '22/45', ['MK IV', 'Mk4']],
  'Ruger|American Rifle': ['American Rifle', null, ['American']],
  'Henry|Big Boy Brass': ['Big Boy', 'Brass', []],
  'Henry|Classic Lever Action': ['Classic Lever Action', null, ['H001']],
  'Henry|Pump Action Octagon': ['Pump Action', 'Octagon', []],
  'Henry|Single Shot Rifle': ['Single Shot Rifle', null, []],
  'Henry|Single Shot Shotgun': ['Single Shot Shotgun', null, []],
  'Henry|Lever Action Shotgun': ['Lever Action Shotgun', null, []],
  'Colt|King Cobra': ['King Cobra', null, []],
  'Colt|Single Action Army 1st Generation': ['Single Action Army', '1st Generation', ['SAA', 'Peacemaker']],
  'Benelli|Super Black Eagle 3': ['Super Black Eagle', '3', ['SBE']],
  'Savage|MSR 10 Hunter': ['MSR 10', 'Hunter', []],
  'Springfield Armory|M1 Garand (1943)': ['M1 Garand', '1943', ['Garand']],
  'Springfield Armory|Saint Victor AR-15': ['Saint', 'Victor', []],
  'Springfield Armory|Saint AR-15 Pistol': ['Saint', 'Pistol', []],
  'Pedersoli|Kentucky Rifle': ['Kentucky Rifle', null, ['Kentucky']],
};

/** Real variants and generations of demo models beyond the ones the catalogue lists. */
const MORE_VARIANTS: Readonly<Record<string, readonly string[]>> = {
  'Glock|17': ['Gen 3', 'Gen 4'],
  'Glock|19': ['Gen 3', 'Gen 4'],
  'Glock|26': ['Gen 3', 'Gen 4'],
  'Glock|20': ['Gen 3'],
  'Glock|21': ['Gen 3'],
  'Sig Sauer|P320': ['Full Size', 'Carry', 'Subcompact'],
  'Sig Sauer|P365': ['X', 'SAS'],
  'Ruger|10/22': ['Takedown', 'Sporter'],
  'Remington|870': ['Wingmaster', 'Tactical'],
  'Remington|700': ['ADL', 'BDL', 'CDL'],
  'Mossberg|500': ['Persuader'],
};

/** A stable id from what a row names, so the reference has the same ids wherever it is built. */
export function referenceId(kind: string, name: string): string {
  const hex = createHash('sha1').update(`${kind}:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** "Gen5" → "Gen 5", "(1943)" → "1943". */
function variantName(text: string): string {
  return text
    .replace(/[()]/g, '')
    .replace(/^Gen\s?(\d)$/i, 'Gen $1')
    .trim();
}

function splitModel(
  manufacturer: string,
  product: string,
): readonly [string, string | null, readonly string[]] {
  const known = SPLITS[`${manufacturer}|${product}`];
  if (known) return known;
  const words = product.split(/\s+/);
  const take = /^(model|no\.)$/i.test(words[0] ?? '') ? 2 : 1;
  const model = words.slice(0, take).join(' ');
  const rest = words.slice(take).join(' ');
  const aliases: string[] = [];
  if (take === 2) aliases.push(words[1] ?? '');
  if (manufacturer === 'Glock') aliases.push(`G${model}`);
  return [model, rest === '' ? null : variantName(rest), aliases];
}

const variantAliases = (name: string | null): string[] => {
  const generation = name?.match(/^Gen (\d)$/);
  return generation ? [`Generation ${generation[1]}`, `G${generation[1]}`] : [];
};

const FIREARM_FAMILIES = new Set<CategoryFamily>(
  CATEGORY_FAMILIES.filter((family) => family.group === 'Firearm').map((family) => family.key),
);

/** The firearms of the demo catalogue as a reference: manufacturers, models, variants, calibers. */
export function catalogueReference(): FirearmReference {
  const calibers: ReferenceCaliber[] = CALIBERS.map((caliber) => ({
    id: referenceId('caliber', caliber.name),
    name: caliber.name,
    aliases: caliber.aliases,
  }));
  const caliberOf = new Map(
    CALIBERS.flatMap((caliber) =>
      caliber.catalogue.map((text) => [text, referenceId('caliber', caliber.name)]),
    ),
  );
  const manufacturers = new Map<string, ReferenceManufacturer>();
  const models = new Map<string, ReferenceModel>();
  const variants = new Map<string, ReferenceVariant>();
  for (const [family, catalog] of Object.entries(FAMILY_CATALOG) as [
    CategoryFamily,
    (typeof FAMILY_CATALOG)[CategoryFamily],
  ][]) {
    if (!FIREARM_FAMILIES.has(family)) continue;
    const familyId = CategoryFamilyId[family];
    for (const [manufacturerName, product, caliber, , detail] of catalog.products) {
      if (!manufacturers.has(manufacturerName)) {
        manufacturers.set(manufacturerName, {
          id: referenceId('manufacturer', manufacturerName),
          name: manufacturerName,
          aliases: MANUFACTURER_ALIASES[manufacturerName] ?? [],
        });
      }
      const [modelName, variant, aliases] = splitModel(manufacturerName, product);
      const modelKey = `${manufacturerName}|${modelName}`;
      const model = models.get(modelKey) ?? {
        id: referenceId('model', modelKey),
        manufacturerId: referenceId('manufacturer', manufacturerName),
        name: modelName,
        aliases,
        familyId,
      };
      models.set(modelKey, model);
      const caliberIds = caliber && caliberOf.has(caliber) ? [caliberOf.get(caliber) ?? ''] : [];
      const barrel = detail.match(/(\d+(?:\.\d+)?)"/);
      const names = [variant, ...(MORE_VARIANTS[modelKey] ?? [])];
      for (const name of new Set(names)) {
        const variantKey = `${modelKey}|${name ?? ''}`;
        if (variants.has(variantKey)) continue;
        variants.set(variantKey, {
          id: referenceId('variant', variantKey),
          modelId: model.id,
          name,
          aliases: variantAliases(name),
          familyId: familyId === model.familyId ? null : familyId,
          barrelInches: name === variant && barrel ? Number(barrel[1]) : null,
          caliberIds,
        });
      }
    }
  }
  return {
    manufacturers: [...manufacturers.values()],
    calibers,
    models: [...models.values()],
    variants: [...variants.values()],
  };
}

/**
 * The firearms reference, from the demo catalogue, and the identity of every listing seeded before
 * it. Staff extend it in the admin console (docs/capabilities/identification.md).
 */
export const firearmReferenceSeedPart: SeedPart = {
  name: 'firearm reference',
  async run(db: DbExecutor) {
    await writeFirearmReference(db, catalogueReference());
    // Every listing's identity is new: written with the table's references set aside and checked
    // once afterwards, rather than each row looking up its listing (1.85 s of 2.7 per 20,000 rows
    // at a million listings).
    await loadInBulk(db, 'listing_identities', async () => {
      let after: string | null = null;
      do after = (await identifyListingsAfter(db, after)).next;
      while (after !== null);
    });
  },
  seeded: (db) => anyRow(db, sql`select 1 from firearm_manufacturers`),
};
