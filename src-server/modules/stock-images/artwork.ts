import { type CategoryFamily, familyByKey, familyDisplayName } from '../../../shared/domain/category.ts';

/**
 * Generated artwork per category family: a clean silhouette on a soft background in the palette of
 * the design brief. One SVG per family and background variant; it scales to every image width the
 * renderer asks for (412, 768) without resizing.
 */
export const ARTWORK_VARIANTS = 4;

const BACKGROUNDS = [
  ['#f4f6f8', '#e3e8ed'], // mist
  ['#f6efe2', '#e9dcc3'], // brass tint
  ['#e9f1ec', '#d3e3d9'], // pine tint
  ['#eceff3', '#d9dee3'], // slate tint
] as const;
const INK = '#15181c';
const SLATE = '#4a5561';
const BRASS = '#a8741a';

type Shape =
  | 'pistol'
  | 'revolver'
  | 'rifle'
  | 'arRifle'
  | 'shotgun'
  | 'shortRifle'
  | 'suppressor'
  | 'optic'
  | 'magazine'
  | 'ammunition'
  | 'holster'
  | 'safe';

const SHAPE_OF: Readonly<Record<CategoryFamily, Shape>> = {
  Accessories: 'holster',
  Ammunition: 'ammunition',
  BlackPowderMuzzleloaders: 'rifle',
  BoltActionRifles: 'rifle',
  CollectibleFirearms: 'rifle',
  EverythingElse: 'safe',
  LeverActionRifles: 'rifle',
  Magazines: 'magazine',
  NFA: 'shortRifle',
  Optics: 'optic',
  OtherPistols: 'pistol',
  OtherRifles: 'arRifle',
  OtherShotguns: 'shotgun',
  OverUnderShotguns: 'shotgun',
  PumpActionRifles: 'rifle',
  PumpActionShotguns: 'shotgun',
  Revolvers: 'revolver',
  SemiAutoPistols: 'pistol',
  SemiAutoRifles: 'arRifle',
  SemiAutoShotguns: 'shotgun',
  SideBySideShotguns: 'shotgun',
  SingleShotPistols: 'pistol',
  SingleShotRifles: 'rifle',
  SingleShotShotguns: 'shotgun',
  Suppressor: 'suppressor',
};

/** Silhouettes drawn in a 400 × 300 box, centred above the caption. */
const SHAPES: Readonly<Record<Shape, string>> = {
  pistol: `<path fill="${INK}" d="M96 92h200a8 8 0 0 1 8 8v34H96z"/><path fill="${SLATE}" d="M104 134h106l-8 22h-16l-8 14h-26l-6 70h-52l20-98z"/><path fill="none" stroke="${INK}" stroke-width="7" d="M178 136v20a18 18 0 0 0 18 18h16"/><rect x="262" y="84" width="10" height="8" fill="${INK}"/><rect x="100" y="100" width="30" height="4" fill="${BRASS}"/>`,
  revolver: `<rect x="168" y="98" width="150" height="22" rx="4" fill="${INK}"/><rect x="120" y="92" width="70" height="52" rx="10" fill="${SLATE}"/><path fill="${INK}" d="M96 104h30v40l-14 96H70l18-96z"/><path fill="none" stroke="${INK}" stroke-width="7" d="M150 146v14a16 16 0 0 0 16 16h14"/><rect x="128" y="104" width="54" height="4" fill="${BRASS}"/><rect x="128" y="124" width="54" height="4" fill="${BRASS}"/>`,
  rifle: `<path fill="${SLATE}" d="M40 150l110-12 26 10v22l-40 10-60 48-36-8 22-40z"/><rect x="150" y="136" width="210" height="12" rx="3" fill="${INK}"/><rect x="176" y="148" width="110" height="18" rx="4" fill="${SLATE}"/><rect x="176" y="118" width="92" height="14" rx="7" fill="${INK}"/><circle cx="172" cy="125" r="9" fill="${INK}"/><rect x="262" y="122" width="12" height="6" fill="${BRASS}"/>`,
  arRifle: `<path fill="${SLATE}" d="M38 140h58l14 10v22H70l-30 24-8-6z"/><rect x="96" y="126" width="140" height="34" rx="4" fill="${INK}"/><rect x="236" y="132" width="80" height="22" rx="3" fill="${SLATE}"/><rect x="316" y="139" width="52" height="8" fill="${INK}"/><path fill="${INK}" d="M168 160h28l10 64h-26z"/><path fill="${SLATE}" d="M128 160h22l-10 44h-20z"/><rect x="120" y="112" width="70" height="14" rx="3" fill="${INK}"/><rect x="236" y="136" width="80" height="4" fill="${BRASS}"/>`,
  shotgun: `<path fill="${SLATE}" d="M36 156l100-16 24 8v20l-34 8-56 44-34-8 20-36z"/><rect x="150" y="136" width="220" height="10" rx="3" fill="${INK}"/><rect x="150" y="148" width="200" height="9" rx="3" fill="${INK}"/><rect x="190" y="157" width="100" height="14" rx="5" fill="${SLATE}"/><rect x="150" y="132" width="220" height="3" fill="${BRASS}"/>`,
  shortRifle: `<path fill="${SLATE}" d="M96 140h40l10 10v18h-24l-22 22-10-6z"/><rect x="136" y="126" width="120" height="34" rx="4" fill="${INK}"/><rect x="256" y="132" width="50" height="22" rx="3" fill="${SLATE}"/><rect x="306" y="139" width="28" height="8" fill="${INK}"/><path fill="${INK}" d="M200 160h26l10 60h-26z"/><path fill="${SLATE}" d="M164 160h20l-10 40h-18z"/><rect x="256" y="136" width="50" height="4" fill="${BRASS}"/>`,
  suppressor: `<rect x="80" y="118" width="240" height="54" rx="12" fill="${INK}"/><rect x="60" y="130" width="24" height="30" rx="4" fill="${SLATE}"/>${[120, 160, 200, 240, 280].map((x) => `<rect x="${x}" y="118" width="4" height="54" fill="${SLATE}"/>`).join('')}<rect x="96" y="126" width="200" height="4" fill="${BRASS}"/>`,
  optic: `<path fill="${INK}" d="M70 118h50l20 12h120l20-16h50v60h-50l-20-16H140l-20 12H70z"/><rect x="182" y="104" width="34" height="26" rx="4" fill="${SLATE}"/><rect x="150" y="164" width="24" height="24" fill="${SLATE}"/><rect x="226" y="164" width="24" height="24" fill="${SLATE}"/><circle cx="330" cy="144" r="18" fill="${SLATE}"/><circle cx="330" cy="144" r="8" fill="${BRASS}"/>`,
  magazine: `<path fill="${INK}" d="M160 70h80l-4 40 12 120h-84l-12-118z"/><rect x="158" y="60" width="84" height="14" rx="3" fill="${SLATE}"/><path fill="${SLATE}" d="M166 226h80l2 16h-84z"/>${[100, 130, 160, 190].map((y) => `<rect x="176" y="${y}" width="48" height="4" fill="${SLATE}"/>`).join('')}<rect x="180" y="62" width="40" height="8" rx="4" fill="${BRASS}"/>`,
  ammunition: [130, 190, 250]
    .map(
      (x) =>
        `<path fill="${BRASS}" d="M${x} 110h36v120h-36z"/><path fill="${SLATE}" d="M${x} 110c0-30 10-48 18-56 8 8 18 26 18 56z"/><rect x="${x - 3}" y="226" width="42" height="10" rx="2" fill="${INK}"/>`,
    )
    .join(''),
  holster: `<path fill="${INK}" d="M150 70h110l-6 60-30 110h-50l-22-120z"/><rect x="140" y="62" width="130" height="20" rx="6" fill="${SLATE}"/><circle cx="200" cy="120" r="8" fill="${BRASS}"/><circle cx="200" cy="160" r="6" fill="${SLATE}"/>`,
  safe: `<rect x="120" y="60" width="160" height="190" rx="8" fill="${INK}"/><rect x="134" y="74" width="132" height="162" rx="4" fill="${SLATE}"/><circle cx="200" cy="140" r="26" fill="${INK}"/><circle cx="200" cy="140" r="10" fill="${BRASS}"/><rect x="244" y="120" width="10" height="40" rx="4" fill="${BRASS}"/>`,
};

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const kebab = (text: string) => text.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
const FAMILY_BY_KEBAB = new Map(
  (Object.keys(SHAPE_OF) as CategoryFamily[]).map((family) => [kebab(family), family]),
);

/** Site path of a family's artwork: `/media/family/semi-auto-pistols-2.svg`. */
export function familyImagePath(family: CategoryFamily, variant = 0): string {
  return `/media/family/${kebab(family)}-${((variant % ARTWORK_VARIANTS) + ARTWORK_VARIANTS) % ARTWORK_VARIANTS}.svg`;
}

/** Reads `semi-auto-pistols-2.svg` back into its family and variant; null for any other name. */
export function parseArtworkFileName(fileName: string): { family: CategoryFamily; variant: number } | null {
  const match = /^([a-z-]+)-(\d)\.svg$/.exec(fileName);
  if (!match) return null;
  const family = FAMILY_BY_KEBAB.get(match[1]!);
  const variant = Number(match[2]);
  if (!family || variant >= ARTWORK_VARIANTS) return null;
  return { family, variant };
}

const svgCache = new Map<string, Uint8Array<ArrayBuffer>>();

export function familyArtworkSvg(family: CategoryFamily, variant = 0): Uint8Array<ArrayBuffer> {
  const key = `${family}:${variant}`;
  const cached = svgCache.get(key);
  if (cached) return cached;
  const [light, dark] = BACKGROUNDS[variant % ARTWORK_VARIANTS]!;
  const label = familyByKey(family) ? (familyDisplayName(family) ?? family) : family;
  const caption = label.length > 34 ? family.replace(/([a-z])([A-Z])/g, '$1 $2') : label;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="768" height="576" role="img" aria-label="${escapeXml(caption)}"><defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs><rect width="400" height="300" fill="url(#bg)"/><ellipse cx="200" cy="250" rx="150" ry="10" fill="${SLATE}" opacity="0.12"/><g>${SHAPES[SHAPE_OF[family]]}</g><text x="200" y="282" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="15" fill="${SLATE}">${escapeXml(caption)}</text></svg>`;
  const buffer = new TextEncoder().encode(svg);
  svgCache.set(key, buffer);
  return buffer;
}
