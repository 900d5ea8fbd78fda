import { z } from 'zod';
import { zipCodeSchema } from '../../../shared/contract/common.ts';
import { phoneSchema } from '../../../shared/contract/user-profile.ts';
import { ACCEPT_TERMS_MESSAGE, registerRequestSchema } from '../../../shared/contract/users.ts';
import { zodResolver } from '../../lib/zod-resolver.ts';

/** The registration request with blank optional fields allowed (they are left out when sent). */
export const registerFormSchema = registerRequestSchema.extend({
  phone: z.union([z.literal(''), phoneSchema]).optional(),
  zipCode: z.union([z.literal(''), zipCodeSchema]).optional(),
  acceptTerms: z.boolean().refine((value) => value, { error: ACCEPT_TERMS_MESSAGE }),
  marketingOptIn: z.boolean(),
});
export type RegisterFormValues = z.input<typeof registerFormSchema>;

/** The registration form's resolver, loaded on first use (see lazy-resolver.ts). */
export const registerResolver = zodResolver(registerFormSchema);
