/**
 * An account's own data as the API writes it: the person's name, phone and address rules, the
 * membership plans, the profile of the signed-in user and what anyone may see of a seller. Read by
 * the users calls (users.ts), the membership plan change (billing.ts) and the admin console.
 */
import { z } from 'zod';
import { validateBillingFirstName, validateBillingLastName } from '../domain/billing.ts';
import { nameText, plainText } from '../domain/text.ts';
import { Role, UserStatus } from '../domain/user.ts';
import type { Validator } from '../domain/validation.ts';
import { dateTimeSchema, legacyIdSchema, usStateSchema, uuidSchema, zipCodeSchema } from './common.ts';
import { listingSellerSchema, stateCodeSchema } from './listing-shapes.ts';

/** A person's name field whose issues carry the spec's name messages (required, 2+, not disallowed). */
function personNameSchema(validate: Validator<string | null | undefined>) {
  return nameText({ error: () => validate('')?.message ?? 'Required.' })
    .max(50)
    .superRefine((value, ctx) => {
      const error = validate(value);
      if (error) ctx.addIssue({ code: 'custom', message: error.message, params: { key: error.key } });
    });
}

export const firstNameSchema = personNameSchema(validateBillingFirstName);
export const lastNameSchema = personNameSchema(validateBillingLastName);

export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[\d\s().-]{7,20}$/, { error: 'Enter a valid phone number.' });

export const addressSchema = z.object({
  address1: plainText().trim().min(1, { error: 'Address is required.' }).max(200),
  address2: plainText().trim().max(200).optional(),
  city: z
    .string()
    .trim()
    .min(1, { error: 'City is required.' })
    .max(100)
    .regex(/^[\p{L} ]+$/u, { error: 'Invalid city format.' }),
  state: usStateSchema,
  zip: zipCodeSchema,
});
export type Address = z.infer<typeof addressSchema>;

/** Membership plans a user may choose; each is the role the account then holds. */
export const MembershipPlan = {
  Buyer: Role.Buyer,
  BasicSeller: Role.BasicSeller,
  TrustedSeller: Role.TrustedSeller,
  PlatinumSeller: Role.PlatinumSeller,
} as const;
export type MembershipPlan = (typeof MembershipPlan)[keyof typeof MembershipPlan];
export const membershipPlanSchema = z.enum(MembershipPlan);

/** The signed-in user's own account (the token's user fields plus what account settings edit). */
export const userProfileSchema = z.object({
  id: uuidSchema,
  firstName: z.string(),
  lastName: z.string(),
  /** First letters of first and last name. */
  initials: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  isSeller: z.boolean(),
  isDealer: z.boolean(),
  roles: z.array(z.string()),
  status: z.enum(UserStatus),
  membershipPlan: membershipPlanSchema.nullable(),
  sellerDisplayName: z.string().nullable(),
  userOptions: z.int().nonnegative(),
  accountOptions: z.int().nonnegative(),
  address: z
    .object({
      address1: z.string(),
      address2: z.string().nullable(),
      city: z.string(),
      state: stateCodeSchema,
      zip: z.string(),
    })
    .nullable(),
  hasAcceptedPaymentSetup: z.boolean(),
  legacyListerId: legacyIdSchema.nullable(),
  createdAt: dateTimeSchema,
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** What anyone may see of a seller. */
export const publicUserSchema = listingSellerSchema.extend({ memberSince: dateTimeSchema });
export type PublicUser = z.infer<typeof publicUserSchema>;

/** Calls that change what the token carries (names, phone, role) answer a fresh token. */
export const freshTokenSchema = z.string().min(1);
