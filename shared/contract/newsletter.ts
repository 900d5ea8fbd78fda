import { z } from 'zod';
import { plainText } from '../domain/text.ts';
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';

/** The signed token of a newsletter e-mail's link (confirm or unsubscribe); no sign-in needed. */
export const newsletterTokenRequestSchema = z.object({ token: plainText().min(1).max(2048) });
export type NewsletterTokenRequest = z.infer<typeof newsletterTokenRequestSchema>;

export const newsletterStatusResponseSchema = z.object({
  success: z.literal(true),
  email: z.string(),
});
export type NewsletterStatusResponse = z.infer<typeof newsletterStatusResponseSchema>;

/** The calls served by `src-server/modules/newsletter/` (sign-up itself is POST /users/signupForNewsLetter). */
export const NEWSLETTER_ENDPOINTS = {
  newsletterConfirm: defineEndpoint({
    method: 'POST',
    path: '/newsletter/confirm',
    summary: 'Confirms a newsletter subscription from its e-mail link (double opt-in).',
    access: 'public',
    body: newsletterTokenRequestSchema,
    response: newsletterStatusResponseSchema,
    rateLimited: true,
  }),
  newsletterUnsubscribe: defineEndpoint({
    method: 'POST',
    path: '/newsletter/unsubscribe',
    summary: 'Stops the newsletter for the address of an e-mail link, without signing in.',
    access: 'public',
    body: newsletterTokenRequestSchema,
    response: newsletterStatusResponseSchema,
    rateLimited: true,
  }),
} as const satisfies Record<string, EndpointDefinition>;
