import { z } from 'zod';
import { plainText } from '../domain/text.ts';
import { emailSchema } from './common.ts';
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';

export const NEWSLETTER_SUCCESS_MESSAGE =
  "You're all set! Look forward to receiving exclusive updates, special offers, and the latest news right in your inbox.";

/** POST /users/signupForNewsLetter: signing up twice is not an error. */
export const newsletterSignupRequestSchema = z.object({ email: emailSchema });
export type NewsletterSignupRequest = z.input<typeof newsletterSignupRequestSchema>;

export const newsletterSignupResponseSchema = z.object({
  success: z.literal(true),
  message: z.literal(NEWSLETTER_SUCCESS_MESSAGE),
});
export type NewsletterSignupResponse = z.infer<typeof newsletterSignupResponseSchema>;

/** The signed token of a newsletter e-mail's link (confirm or unsubscribe); no sign-in needed. */
export const newsletterTokenRequestSchema = z.object({ token: plainText().min(1).max(2048) });
export type NewsletterTokenRequest = z.infer<typeof newsletterTokenRequestSchema>;

export const newsletterStatusResponseSchema = z.object({
  success: z.literal(true),
  email: z.string(),
});
export type NewsletterStatusResponse = z.infer<typeof newsletterStatusResponseSchema>;

/** The calls served by `src-server/modules/newsletter/`: sign-up, then the e-mail links. */
export const NEWSLETTER_ENDPOINTS = {
  usersSignupForNewsletter: defineEndpoint({
    method: 'POST',
    path: '/users/signupForNewsLetter',
    summary: 'Subscribe an email to the newsletter.',
    access: 'public',
    body: newsletterSignupRequestSchema,
    response: newsletterSignupResponseSchema,
    rateLimited: true,
  }),
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
