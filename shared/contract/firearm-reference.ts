/**
 * The firearms reference as staff keep it in the admin console: manufacturers with their models,
 * variants (generations) and calibers, each with the aliases sellers write. Identification and every
 * listing's identity are read against it (docs/capabilities/identification.md). Each write is
 * recorded in the audit log and moves the reference version, so every server reloads its index
 * before it next reads a text. A record that listings or sales were identified as is deactivated
 * (left out of the index, kept with what names it) rather than removed.
 */
import { z } from 'zod';
import { familyById } from '../domain/category.ts';
import { firearmKey } from '../domain/firearm-text.ts';
import { plainText } from '../domain/text.ts';
import {
  idParamsSchema,
  MAX_PAGE_SIZE,
  optionalQueryNumber,
  optionalQueryText,
  pagedSchema,
  uuidSchema,
} from './common.ts';
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';
import { familyIdSchema } from './listing-shapes.ts';

/** The parts of the reference. */
export const REFERENCE_PARTS = ['manufacturer', 'model', 'variant', 'caliber'] as const;
export type ReferencePartName = (typeof REFERENCE_PARTS)[number];

export const REFERENCE_NAME_MAX = 100;
/** The most aliases one record keeps. */
export const REFERENCE_ALIASES_MAX = 50;
/** The longest barrel a variant may state, in inches. */
export const REFERENCE_BARREL_MAX = 40;
/** The most calibers one variant is chambered in. */
export const REFERENCE_VARIANT_CALIBERS_MAX = 20;

export const ReferenceMessage = {
  nameRequired: 'Enter a name.',
  nameTooLong: `Keep a name under ${REFERENCE_NAME_MAX} characters.`,
  nameUnreadable: 'A name needs letters or digits: listings are read by them.',
  tooManyAliases: `Keep at most ${REFERENCE_ALIASES_MAX} aliases.`,
  firearmFamily: 'Choose a firearm category.',
  barrel: `Enter a barrel length from 1 to ${REFERENCE_BARREL_MAX} inches.`,
  tooManyCalibers: `Choose at most ${REFERENCE_VARIANT_CALIBERS_MAX} calibers.`,
  nothingToChange: 'Change at least one field.',
} as const;

/** A name or an alias: plain text that the reader can key (`firearmKey` not empty). */
const referenceNameSchema = plainText()
  .trim()
  .min(1, { error: ReferenceMessage.nameRequired })
  .max(REFERENCE_NAME_MAX, { error: ReferenceMessage.nameTooLong })
  .refine((name) => firearmKey(name) !== '', { error: ReferenceMessage.nameUnreadable });

/**
 * Aliases as written, each once: two aliases the reader keys alike ("S&W", "SW") are one, the
 * first kept. The service also drops an alias keyed like the record's own name.
 */
export const referenceAliasesSchema = z
  .array(referenceNameSchema)
  .max(REFERENCE_ALIASES_MAX, { error: ReferenceMessage.tooManyAliases })
  .transform((aliases) => {
    const seen = new Set<string>();
    return aliases.filter((alias) => {
      const key = firearmKey(alias);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

/** A model's or variant's category: a firearm family (the FFL rule and the NFA flag follow from it). */
const firearmFamilySchema = familyIdSchema.refine((id) => familyById(id)?.group === 'Firearm', {
  error: ReferenceMessage.firearmFamily,
});

const barrelSchema = z
  .number({ error: ReferenceMessage.barrel })
  .min(1, { error: ReferenceMessage.barrel })
  .max(REFERENCE_BARREL_MAX, { error: ReferenceMessage.barrel });

const caliberIdsSchema = z
  .array(uuidSchema)
  .max(REFERENCE_VARIANT_CALIBERS_MAX, { error: ReferenceMessage.tooManyCalibers })
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

const recordSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  aliases: z.array(z.string()),
  /** False: deactivated, left out of identification until reactivated. */
  active: z.boolean(),
});

export const referenceVariantSchema = recordSchema.extend({
  modelId: uuidSchema,
  /** Null for the model's plain variant (the model with no generation named). */
  name: z.string().nullable(),
  /** Set when the variant is of another family than its model (a short-barrelled shotgun is NFA). */
  familyId: familyIdSchema.nullable(),
  barrelInches: z.number().nullable(),
  calibers: z.array(z.object({ id: uuidSchema, name: z.string(), active: z.boolean() })),
  /** Listings identified as this variant. */
  listingCount: z.int().nonnegative(),
});
export type ReferenceVariantRow = z.infer<typeof referenceVariantSchema>;

export const referenceModelSchema = recordSchema.extend({
  manufacturerId: uuidSchema,
  familyId: familyIdSchema,
  /** Listings identified as this model (any variant). */
  listingCount: z.int().nonnegative(),
  variants: z.array(referenceVariantSchema),
});
export type ReferenceModelRow = z.infer<typeof referenceModelSchema>;

export const referenceManufacturerSchema = recordSchema.extend({
  /** Listings identified as one of its models. */
  listingCount: z.int().nonnegative(),
  models: z.array(referenceModelSchema),
});
export type ReferenceManufacturerRow = z.infer<typeof referenceManufacturerSchema>;

export const referenceCaliberSchema = recordSchema.extend({
  /** Variants chambered in it. */
  variantCount: z.int().nonnegative(),
});
export type ReferenceCaliberRow = z.infer<typeof referenceCaliberSchema>;

/**
 * GET /pprAdmin/firearm-reference: `keyword` matches a manufacturer's, model's or variant's name or
 * alias (part of it, any case); a manufacturer is answered with all of its models.
 */
export const referenceSearchQuerySchema = z.object({
  keyword: optionalQueryText(REFERENCE_NAME_MAX),
  page: optionalQueryNumber(z.int().min(1).max(10_000)),
  pageSize: optionalQueryNumber(z.int().min(1).max(MAX_PAGE_SIZE)),
});
export type ReferenceSearchQuery = z.input<typeof referenceSearchQuerySchema>;

export const referenceSearchResponseSchema = pagedSchema(referenceManufacturerSchema).extend({
  /** The reference version now: it moves with every write, and each server reloads its index then. */
  version: z.string(),
});
export type ReferenceSearchResponse = z.infer<typeof referenceSearchResponseSchema>;

export const referenceCalibersQuerySchema = z.object({ keyword: optionalQueryText(REFERENCE_NAME_MAX) });
export const referenceCalibersResponseSchema = z.object({ results: z.array(referenceCaliberSchema) });
export type ReferenceCalibersResponse = z.infer<typeof referenceCalibersResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

export const newManufacturerSchema = z.object({
  name: referenceNameSchema,
  aliases: referenceAliasesSchema.default([]),
});
export type NewManufacturer = z.input<typeof newManufacturerSchema>;

/** A new model gets its plain variant (no generation named), chambered in `caliberIds`. */
export const newModelSchema = z.object({
  manufacturerId: uuidSchema,
  name: referenceNameSchema,
  aliases: referenceAliasesSchema.default([]),
  familyId: firearmFamilySchema,
  caliberIds: caliberIdsSchema.default([]),
});
export type NewModel = z.input<typeof newModelSchema>;

export const newVariantSchema = z.object({
  modelId: uuidSchema,
  /** Null (or left out): the model's plain variant. */
  name: referenceNameSchema.nullable().default(null),
  aliases: referenceAliasesSchema.default([]),
  familyId: firearmFamilySchema.nullable().default(null),
  barrelInches: barrelSchema.nullable().default(null),
  caliberIds: caliberIdsSchema.default([]),
});
export type NewVariant = z.input<typeof newVariantSchema>;

export const newCaliberSchema = newManufacturerSchema;
export type NewCaliber = NewManufacturer;

const somethingToChange = (change: Record<string, unknown>) =>
  Object.values(change).some((value) => value !== undefined);

/** A change: only the fields given are changed; `aliases` replaces the list; `active` deactivates or reactivates. */
export const manufacturerChangeSchema = z
  .object({
    name: referenceNameSchema.optional(),
    aliases: referenceAliasesSchema.optional(),
    active: z.boolean().optional(),
  })
  .refine(somethingToChange, { error: ReferenceMessage.nothingToChange });
export type ManufacturerChange = z.input<typeof manufacturerChangeSchema>;

export const modelChangeSchema = z
  .object({
    name: referenceNameSchema.optional(),
    aliases: referenceAliasesSchema.optional(),
    familyId: firearmFamilySchema.optional(),
    active: z.boolean().optional(),
  })
  .refine(somethingToChange, { error: ReferenceMessage.nothingToChange });
export type ModelChange = z.input<typeof modelChangeSchema>;

export const variantChangeSchema = z
  .object({
    /** Null: the model's plain variant. */
    name: referenceNameSchema.nullable().optional(),
    aliases: referenceAliasesSchema.optional(),
    familyId: firearmFamilySchema.nullable().optional(),
    barrelInches: barrelSchema.nullable().optional(),
    /** Replaces the calibers the variant is chambered in. */
    caliberIds: caliberIdsSchema.optional(),
    active: z.boolean().optional(),
  })
  .refine(somethingToChange, { error: ReferenceMessage.nothingToChange });
export type VariantChange = z.input<typeof variantChangeSchema>;

export const caliberChangeSchema = manufacturerChangeSchema;
export type CaliberChange = ManufacturerChange;

const removedSchema = z.object({ success: z.literal(true) });

/** The calls served by `src-server/modules/firearm-reference/`; every one is staff-only. */
export const FIREARM_REFERENCE_ENDPOINTS = {
  adminFirearmReference: defineEndpoint({
    method: 'GET',
    path: '/pprAdmin/firearm-reference',
    summary:
      'Search the firearms reference: manufacturers (a page) with their models, variants, calibers, aliases and how many listings were identified as each.',
    access: 'admin',
    query: referenceSearchQuerySchema,
    response: referenceSearchResponseSchema,
  }),
  adminFirearmCalibers: defineEndpoint({
    method: 'GET',
    path: '/pprAdmin/firearm-reference/calibers',
    summary:
      'Every caliber of the firearms reference, with its aliases and how many variants are chambered in it.',
    access: 'admin',
    query: referenceCalibersQuerySchema,
    response: referenceCalibersResponseSchema,
  }),
  adminAddFirearmManufacturer: defineEndpoint({
    method: 'POST',
    path: '/pprAdmin/firearm-reference/manufacturers',
    summary: 'Add a manufacturer to the firearms reference.',
    access: 'admin',
    body: newManufacturerSchema,
    response: referenceManufacturerSchema,
  }),
  adminEditFirearmManufacturer: defineEndpoint({
    method: 'PATCH',
    path: '/pprAdmin/firearm-reference/manufacturers/{id}',
    summary: 'Rename a manufacturer, replace its aliases, or deactivate or reactivate it (with its models).',
    access: 'admin',
    params: idParamsSchema,
    body: manufacturerChangeSchema,
    response: referenceManufacturerSchema,
  }),
  adminRemoveFirearmManufacturer: defineEndpoint({
    method: 'DELETE',
    path: '/pprAdmin/firearm-reference/manufacturers/{id}',
    summary:
      'Remove a manufacturer and its models, when no listing or sale was identified as one of them (otherwise deactivate it).',
    access: 'admin',
    params: idParamsSchema,
    response: removedSchema,
  }),
  adminAddFirearmModel: defineEndpoint({
    method: 'POST',
    path: '/pprAdmin/firearm-reference/models',
    summary: 'Add a model to a manufacturer, with its plain variant.',
    access: 'admin',
    body: newModelSchema,
    response: referenceModelSchema,
  }),
  adminEditFirearmModel: defineEndpoint({
    method: 'PATCH',
    path: '/pprAdmin/firearm-reference/models/{id}',
    summary: 'Rename a model, replace its aliases, change its category, or deactivate or reactivate it.',
    access: 'admin',
    params: idParamsSchema,
    body: modelChangeSchema,
    response: referenceModelSchema,
  }),
  adminRemoveFirearmModel: defineEndpoint({
    method: 'DELETE',
    path: '/pprAdmin/firearm-reference/models/{id}',
    summary:
      'Remove a model and its variants, when no listing or sale was identified as it (otherwise deactivate it).',
    access: 'admin',
    params: idParamsSchema,
    response: removedSchema,
  }),
  adminAddFirearmVariant: defineEndpoint({
    method: 'POST',
    path: '/pprAdmin/firearm-reference/variants',
    summary: 'Add a variant or generation to a model, with its calibers and barrel length.',
    access: 'admin',
    body: newVariantSchema,
    response: referenceVariantSchema,
  }),
  adminEditFirearmVariant: defineEndpoint({
    method: 'PATCH',
    path: '/pprAdmin/firearm-reference/variants/{id}',
    summary:
      'Rename a variant, replace its aliases or calibers, change its category or barrel length, or deactivate or reactivate it.',
    access: 'admin',
    params: idParamsSchema,
    body: variantChangeSchema,
    response: referenceVariantSchema,
  }),
  adminRemoveFirearmVariant: defineEndpoint({
    method: 'DELETE',
    path: '/pprAdmin/firearm-reference/variants/{id}',
    summary: 'Remove a variant, when no listing or sale was identified as it (otherwise deactivate it).',
    access: 'admin',
    params: idParamsSchema,
    response: removedSchema,
  }),
  adminAddFirearmCaliber: defineEndpoint({
    method: 'POST',
    path: '/pprAdmin/firearm-reference/calibers',
    summary: 'Add a caliber or gauge to the firearms reference.',
    access: 'admin',
    body: newCaliberSchema,
    response: referenceCaliberSchema,
  }),
  adminEditFirearmCaliber: defineEndpoint({
    method: 'PATCH',
    path: '/pprAdmin/firearm-reference/calibers/{id}',
    summary: 'Rename a caliber, replace its aliases, or deactivate or reactivate it.',
    access: 'admin',
    params: idParamsSchema,
    body: caliberChangeSchema,
    response: referenceCaliberSchema,
  }),
  adminRemoveFirearmCaliber: defineEndpoint({
    method: 'DELETE',
    path: '/pprAdmin/firearm-reference/calibers/{id}',
    summary:
      'Remove a caliber, when no variant is chambered in it and no listing was identified as it (otherwise deactivate it).',
    access: 'admin',
    params: idParamsSchema,
    response: removedSchema,
  }),
} as const satisfies Record<string, EndpointDefinition>;
