/**
 * Offers: a buyer offers a price per item on a listing whose seller takes offers; the
 * seller accepts, counters or declines; the buyer accepts or declines a counter. The states and the
 * rules are `shared/domain/offers.ts`. An accepted offer is checked out through `POST
 * /orders/checkout` with its id on the cart line (`offerId`), at its price.
 */
import { z } from 'zod';
import { OFFER_EVENTS, OFFER_STATES } from '../domain/offers.ts';
import { plainText } from '../domain/text.ts';
import {
  dateTimeSchema,
  idParamsSchema,
  moneySchema,
  pagedSchema,
  pageSchema,
  pageSizeSchema,
  uuidSchema,
} from './common.ts';
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';
import { familyKeySchema } from './listing-shapes.ts';

export const OFFER_MESSAGE_MAX = 1000;
export const OFFER_QUANTITY_MAX = 10_000;

export const offerStateSchema = z.enum(OFFER_STATES);

/** A price per item the buyer or the seller proposes. */
const offerAmountSchema = moneySchema.refine((amount) => amount > 0, {
  error: 'Enter the price you offer per item.',
});

/** A note to the other side, shown as text. */
const offerMessageSchema = plainText().trim().max(OFFER_MESSAGE_MAX).optional();

export const offerEventSchema = z.object({
  event: z.enum(OFFER_EVENTS),
  by: z.enum(['buyer', 'seller', 'system']),
  /** The price per item proposed at this step (make, counter), else null. */
  amount: moneySchema.nullable(),
  message: z.string().nullable(),
  at: dateTimeSchema,
});
export type OfferEventEntry = z.infer<typeof offerEventSchema>;

export const offerSchema = z.object({
  id: uuidSchema,
  listing: z.object({
    id: uuidSchema,
    title: z.string(),
    /** The listing's own page. */
    url: z.string(),
    family: familyKeySchema,
    thumbnailPicture: z.string().nullable(),
    /** The asking price now. */
    price: moneySchema,
  }),
  buyer: z.object({ id: uuidSchema, displayName: z.string() }),
  seller: z.object({ id: uuidSchema, displayName: z.string() }),
  quantity: z.int().min(1),
  /** The price per item on the table: the buyer's offer, or the seller's counter once countered. */
  amount: moneySchema,
  /** amount × quantity, before shipping. */
  total: moneySchema,
  /** As of the answer: a live offer past its deadline already reads expired or lapsed. */
  state: offerStateSchema,
  /** Who answers next, or null. */
  awaiting: z.enum(['buyer', 'seller']).nullable(),
  /** Pending: when it expires; accepted: when the checkout window closes; otherwise null. */
  deadline: dateTimeSchema.nullable(),
  /** The order it was bought in, once purchased. */
  orderId: uuidSchema.nullable(),
  /** Every step, oldest first. */
  history: z.array(offerEventSchema),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
});
export type Offer = z.infer<typeof offerSchema>;

export const makeOfferRequestSchema = z.object({
  listingId: uuidSchema,
  /** Price per item. */
  amount: offerAmountSchema,
  quantity: z.int().min(1, { error: 'Offer on at least one item.' }).max(OFFER_QUANTITY_MAX),
  message: offerMessageSchema,
});
export type MakeOfferRequest = z.input<typeof makeOfferRequestSchema>;

export const respondOfferRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('accept'), message: offerMessageSchema }),
  z.object({ action: z.literal('counter'), amount: offerAmountSchema, message: offerMessageSchema }),
  z.object({ action: z.literal('decline'), message: offerMessageSchema }),
]);
export type RespondOfferRequest = z.input<typeof respondOfferRequestSchema>;

/** As buyer: offers the caller made; as seller: offers on the caller's listings. Newest first. */
export const offersGetAllRequestSchema = z.object({
  role: z.enum(['buyer', 'seller']),
  states: z.array(offerStateSchema).max(OFFER_STATES.length).optional(),
  /** Only the offers on this listing (the listing page asks for the buyer's own). */
  listingId: uuidSchema.optional(),
  page: pageSchema,
  pageSize: pageSizeSchema,
});
export type OffersGetAllRequest = z.input<typeof offersGetAllRequestSchema>;

export const offersGetAllResponseSchema = pagedSchema(offerSchema);
export type OffersGetAllResponse = z.infer<typeof offersGetAllResponseSchema>;

/** The calls served by `src-server/modules/offers/`. */
export const OFFERS_ENDPOINTS = {
  offersMake: defineEndpoint({
    method: 'POST',
    path: '/offers/make',
    summary:
      'Offer a price per item for a quantity of a listing that takes offers; one open offer per buyer and listing.',
    access: 'user',
    body: makeOfferRequestSchema,
    response: offerSchema,
  }),
  offersRespond: defineEndpoint({
    method: 'POST',
    path: '/offers/respond/{id}',
    summary:
      'The seller accepts, counters or declines an offer; the buyer accepts or declines a counter (others: 404).',
    access: 'user',
    params: idParamsSchema,
    body: respondOfferRequestSchema,
    response: offerSchema,
    idempotencyHeader: true,
  }),
  offersGetAll: defineEndpoint({
    method: 'POST',
    path: '/offers/getall',
    summary: "The caller's offers as buyer or as seller, newest first, each with its history.",
    access: 'user',
    body: offersGetAllRequestSchema,
    response: offersGetAllResponseSchema,
  }),
} as const satisfies Record<string, EndpointDefinition>;
