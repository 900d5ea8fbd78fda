import { CategoryFamily } from '../../../../shared/domain/category.ts';

/** What a distributor's department or product type says about an item, before the wording decides. */
export type FeedKind = 'handgun' | 'longgun' | 'rifle' | 'shotgun' | 'firearm' | 'other';

const has = (text: string, pattern: RegExp) => pattern.test(text);

function handgunFamily(text: string): CategoryFamily {
  if (has(text, /\brevolver/)) return CategoryFamily.Revolvers;
  if (has(text, /\bsingle[\s-]?shot|derringer/)) return CategoryFamily.SingleShotPistols;
  if (has(text, /semi[\s-]?auto|\bpistol|\bhandgun|striker/)) return CategoryFamily.SemiAutoPistols;
  return CategoryFamily.OtherPistols;
}

function shotgunFamily(text: string): CategoryFamily {
  if (has(text, /over[\s/-]?under|\bo\/u\b/)) return CategoryFamily.OverUnderShotguns;
  if (has(text, /side[\s-]?by[\s-]?side|\bsxs\b/)) return CategoryFamily.SideBySideShotguns;
  if (has(text, /\bpump/)) return CategoryFamily.PumpActionShotguns;
  if (has(text, /semi[\s-]?auto/)) return CategoryFamily.SemiAutoShotguns;
  if (has(text, /single[\s-]?shot|break[\s-]?action/)) return CategoryFamily.SingleShotShotguns;
  return CategoryFamily.OtherShotguns;
}

function rifleFamily(text: string): CategoryFamily {
  if (has(text, /\bbolt/)) return CategoryFamily.BoltActionRifles;
  if (has(text, /\blever/)) return CategoryFamily.LeverActionRifles;
  if (has(text, /\bpump|slide[\s-]?action/)) return CategoryFamily.PumpActionRifles;
  if (has(text, /semi[\s-]?auto|\bar-?15\b|\bar-?10\b|\bmsr\b|modern sporting/))
    return CategoryFamily.SemiAutoRifles;
  if (has(text, /single[\s-]?shot/)) return CategoryFamily.SingleShotRifles;
  return CategoryFamily.OtherRifles;
}

/**
 * Our category family for an item, from the kind its department gives and the words of its type,
 * action and description (all passed lower- or mixed-case; compared case-insensitively).
 */
export function familyFor(kind: FeedKind, ...texts: readonly (string | undefined)[]): CategoryFamily {
  const text = texts.filter(Boolean).join(' ').toLowerCase();
  if (has(text, /suppressor|silencer/)) return CategoryFamily.Suppressor;
  if (kind === 'other') return nonFirearmFamily(text);
  if (has(text, /muzzleloader|black ?powder|percussion|flintlock/))
    return CategoryFamily.BlackPowderMuzzleloaders;
  if (has(text, /\bsbr\b|\bsbs\b|short[\s-]barrel|machine ?gun|\bnfa\b|\baow\b/)) return CategoryFamily.NFA;
  if (kind === 'handgun') return handgunFamily(text);
  if (kind === 'shotgun') return shotgunFamily(text);
  if (kind === 'rifle') return rifleFamily(text);
  if (has(text, /shotgun|\b(12|20|28|16|10)\s?(ga|gauge)\b|\.410/)) return shotgunFamily(text);
  if (kind === 'longgun') return rifleFamily(text);
  if (has(text, /\brevolver|\bpistol|\bhandgun/)) return handgunFamily(text);
  if (has(text, /\brifle|\bcarbine/)) return rifleFamily(text);
  return nonFirearmFamily(text);
}

function nonFirearmFamily(text: string): CategoryFamily {
  if (has(text, /\bmagazines?\b|\bmags?\b/)) return CategoryFamily.Magazines;
  if (has(text, /ammunition|\bammo\b|shotshells?|\bcartridges?\b|\bbrass\b|\bfmj\b|\bjhp\b/)) {
    return CategoryFamily.Ammunition;
  }
  if (
    has(
      text,
      /\bscopes?\b|\boptics?\b|red[\s-]?dot|binocular|rangefinder|spotting|riflescope|night vision|thermal/,
    )
  ) {
    return CategoryFamily.Optics;
  }
  if (
    has(
      text,
      /accessor|holster|\bcase\b|cleaning|\bparts?\b|\bgrips?\b|\blights?\b|\blasers?\b|sling|mount|\brings?\b|stock|\bupper|barrel|\bknife|knives|target|safe\b|reloading/,
    )
  ) {
    return CategoryFamily.Accessories;
  }
  return CategoryFamily.EverythingElse;
}
