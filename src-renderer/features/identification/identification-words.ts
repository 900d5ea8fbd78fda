import type { z } from 'zod';
import type {
  FirearmIdentityJson,
  FirearmInfo,
  matchReasonSchema,
} from '../../../shared/contract/identification.ts';
import { CATEGORY_FAMILIES } from '../../../shared/domain/category.ts';
import type { ListItemPrefill } from '../../../shared/routes/list-item-prefill.ts';

type MatchReason = z.infer<typeof matchReasonSchema>;

/** The families a firearm can be identified as, for the form's category list. */
export const FIREARM_FAMILIES = CATEGORY_FAMILIES.filter((family) => family.group === 'Firearm');

/** Empty text is a field left out, not an empty value. */
export const optionalText = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
export const optionalNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

/** 'Glock 19 Gen 5': the identity's name, its variant when known. */
export function identityName(identity: Pick<FirearmIdentityJson, 'manufacturer' | 'model' | 'variant'>) {
  return [identity.manufacturer, identity.model, identity.variant].filter(Boolean).join(' ');
}

/** '87%': a confidence of 0 to 1 as a whole percentage. */
export const percent = (confidence: number) => `${Math.round(confidence * 100)}%`;

export const REASON_PARTS: Readonly<Record<MatchReason['part'], string>> = {
  manufacturer: 'Manufacturer',
  model: 'Model',
  variant: 'Variant',
  caliber: 'Caliber',
  barrel: 'Barrel length',
  family: 'Category',
};

export const REASON_FIELDS: Readonly<Record<MatchReason['field'], string>> = {
  manufacturer: 'manufacturer',
  model: 'model',
  caliber: 'caliber or gauge',
  markings: 'markings',
  finish: 'finish',
  notes: 'notes',
  title: 'title',
  familyId: 'category',
  barrelInches: 'barrel length',
};

/** How the firearm changes hands, in words: the FFL rule and the NFA flag. */
export function transferRule(identity: Pick<FirearmIdentityJson, 'requiresFfl' | 'nfa'>): string {
  if (identity.nfa)
    return 'An NFA item: it is transferred on ATF Form 4 through a licensed dealer, never through checkout.';
  return identity.requiresFfl
    ? 'Ships to a licensed dealer (FFL), where the buyer completes the transfer.'
    : 'May ship directly to the buyer; no FFL transfer is required.';
}

/**
 * The listing form's item fields for an identified firearm: the variant goes with the model (the
 * listing's title is read the same way, so the listing meets the same identity), the caliber as
 * identified or as given, and the condition the owner gave.
 */
export function listingPrefillOf(
  identity: FirearmIdentityJson,
  info: FirearmInfo | undefined,
): ListItemPrefill {
  return {
    manufacturer: identity.manufacturer,
    model: [identity.model, identity.variant].filter(Boolean).join(' '),
    caliber: identity.caliber ?? info?.caliber,
    familyId: identity.familyId,
    condition: info?.condition,
  };
}
