import { z } from 'zod';
import {
  CARD_MESSAGES,
  CVV_MESSAGES,
  cardDigits,
  EXPIRATION_MESSAGES,
  expandExpiration,
  validateCardNumber,
  validateCvv,
  validateExpiration,
} from './card.ts';
import { validateNotDisallowed } from './disallowed-names.ts';
import { LOGIN_MESSAGES } from './login.ts';
import { plainText } from './text.ts';
import { isUsState } from './us-states.ts';
import { FreezeReason } from './user.ts';
import { fail, isBlank, type ValidationError, type Validator } from './validation.ts';

export const BILLING_MESSAGES = {
  firstNameRequired: 'First name is required.',
  firstNameTooShort: 'First name must be at least 2 characters.',
  firstNameNotAllowed: 'The chosen first name is not allowed.',
  lastNameRequired: 'Last name is required.',
  lastNameTooShort: 'Last name must be at least 2 characters.',
  lastNameNotAllowed: 'The chosen last name is not allowed.',
  addressRequired: 'Address is required.',
  cityRequired: 'City is required.',
  cityInvalid: 'Invalid city format.',
  stateRequired: 'State is required.',
  zipRequired: 'Zipcode is required.',
  zipInvalid: 'Invalid zipcode format.',
} as const;

export const NAME_MIN_LENGTH = 2;

type Field = string | null | undefined;

function nameValidator(required: string, tooShort: string, notAllowed: string): Validator<Field> {
  return (value) => {
    if (isBlank(value)) return fail('required', required);
    if ((value ?? '').trim().length < NAME_MIN_LENGTH) return fail('minLength', tooShort);
    return validateNotDisallowed(value, notAllowed);
  };
}

export const validateBillingFirstName = nameValidator(
  BILLING_MESSAGES.firstNameRequired,
  BILLING_MESSAGES.firstNameTooShort,
  BILLING_MESSAGES.firstNameNotAllowed,
);

export const validateBillingLastName = nameValidator(
  BILLING_MESSAGES.lastNameRequired,
  BILLING_MESSAGES.lastNameTooShort,
  BILLING_MESSAGES.lastNameNotAllowed,
);

export function validateAddress(value: Field): ValidationError | null {
  return isBlank(value) ? fail('required', BILLING_MESSAGES.addressRequired) : null;
}

/** Letters (any alphabet) and spaces only, as the spec states. */
const CITY_PATTERN = /^[\p{L} ]+$/u;

export function validateCity(value: Field): ValidationError | null {
  if (isBlank(value)) return fail('required', BILLING_MESSAGES.cityRequired);
  return CITY_PATTERN.test((value ?? '').trim()) ? null : fail('invalidCity', BILLING_MESSAGES.cityInvalid);
}

/** The state comes from a picker of the 50 states, so an unlisted value counts as none chosen. */
export function validateState(value: Field): ValidationError | null {
  return isUsState((value ?? '').trim()) ? null : fail('required', BILLING_MESSAGES.stateRequired);
}

const ZIP_PATTERN = /^\d{5}(?:[- ]\d{4})?$/;

export function validateZip(value: Field): ValidationError | null {
  if (isBlank(value)) return fail('required', BILLING_MESSAGES.zipRequired);
  return ZIP_PATTERN.test((value ?? '').trim()) ? null : fail('invalidZip', BILLING_MESSAGES.zipInvalid);
}

/** A string field whose issues carry the validator's spec message; a missing value reads as required. */
function validatedString(validate: Validator<Field>) {
  return plainText({ error: () => validate('')?.message ?? 'Required.' }).superRefine((value, ctx) => {
    const error = validate(value);
    if (error) ctx.addIssue({ code: 'custom', message: error.message, params: { key: error.key } });
  });
}

/** Billing form schema; when the seller's accepted payment flags are given, the card brand is checked too. */
export function makeBillingFormSchema(acceptedPaymentFlags?: number | null) {
  return z.object({
    billingFirstName: validatedString(validateBillingFirstName),
    billingLastName: validatedString(validateBillingLastName),
    cardNumber: validatedString((value) => validateCardNumber(value, acceptedPaymentFlags)),
    expiration: validatedString(validateExpiration),
    cvv: validatedString(validateCvv),
    address1: validatedString(validateAddress),
    address2: plainText().optional(),
    city: validatedString(validateCity),
    state: validatedString(validateState),
    zip: validatedString(validateZip),
  });
}

export const billingFormSchema = makeBillingFormSchema();
export type BillingForm = z.infer<typeof billingFormSchema>;

/** Body of POST /users/unfreeze: card digits, expiration as MM/YYYY. */
export const unfreezePayloadSchema = z.object({
  customerFirstName: plainText().trim().min(1, { error: BILLING_MESSAGES.firstNameRequired }),
  customerLastName: plainText().trim().min(1, { error: BILLING_MESSAGES.lastNameRequired }),
  email: plainText().trim().min(1, { error: LOGIN_MESSAGES.emailRequired }),
  cardNumber: z.string().regex(/^\d{12,19}$/, { error: CARD_MESSAGES.invalid }),
  cvc: z.string().regex(/^\d{3,4}$/, { error: CVV_MESSAGES.invalid }),
  cardExpiration: z
    .string()
    .regex(/^(0[1-9]|1[0-2])\/20\d{2}$/, { error: EXPIRATION_MESSAGES.invalidFormat }),
  billingCity: plainText().trim().min(1, { error: BILLING_MESSAGES.cityRequired }),
  billingState: z
    .string()
    .refine((code): boolean => isUsState(code), { error: BILLING_MESSAGES.stateRequired }),
  billingZip: z.string().regex(ZIP_PATTERN, { error: BILLING_MESSAGES.zipInvalid }),
  billingAddress: plainText().trim().min(1, { error: BILLING_MESSAGES.addressRequired }),
  freezeReason: z.enum([FreezeReason.NonPayment, FreezeReason.Fraud]),
});
export type UnfreezePayload = z.infer<typeof unfreezePayloadSchema>;

/**
 * Maps a valid billing form to the unfreeze payload: trimmed text, card digits without spaces,
 * expiration expanded to MM/20YY, and address2 appended to address1 after a comma since the payload has one address line.
 */
export function toUnfreezePayload(
  form: BillingForm,
  email: string,
  freezeReason: FreezeReason,
): UnfreezePayload {
  const address2 = form.address2?.trim();
  return {
    customerFirstName: form.billingFirstName.trim(),
    customerLastName: form.billingLastName.trim(),
    email: email.trim(),
    cardNumber: cardDigits(form.cardNumber),
    cvc: form.cvv.trim(),
    cardExpiration: expandExpiration(form.expiration),
    billingCity: form.city.trim(),
    billingState: form.state.trim(),
    billingZip: form.zip.trim(),
    billingAddress: address2 ? `${form.address1.trim()}, ${address2}` : form.address1.trim(),
    freezeReason,
  };
}
