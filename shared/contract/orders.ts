/**
 * Checkout and orders: the quote that shows what the cart can buy, the checkout that pays for it,
 * and the orders it makes (one per seller). Order states and their transitions are
 * `shared/domain/orders.ts`; the state rules are `shared/domain/compliance.ts`.
 */
import { z } from 'zod';
import {
  BILLING_MESSAGES,
  validateAddress,
  validateBillingFirstName,
  validateBillingLastName,
  validateCity,
  validateZip,
} from '../domain/billing.ts';
import { validateCardNumber, validateCvv, validateExpiration } from '../domain/card.ts';
import { CARRIERS, ORDER_STATES, OrderState } from '../domain/orders.ts';
import { nameText, plainText } from '../domain/text.ts';
import type { ValidationError } from '../domain/validation.ts';
import {
  dateTimeSchema,
  ErrorMessage,
  errorBodySchema,
  idParamsSchema,
  isErrorEnvelope,
  MAX_IDS_PER_REQUEST,
  moneySchema,
  pagedSchema,
  pageSchema,
  pageSizeSchema,
  shipToRegionSchema,
  uuidSchema,
} from './common.ts';
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';
import { familyKeySchema, paymentMethodsSchema } from './listing-shapes.ts';

/** One of the 50 states or DC, chosen from the list; an empty or unknown choice reads 'State is required.' */
const addressStateSchema = z.enum(shipToRegionSchema.options, { error: BILLING_MESSAGES.stateRequired });

/** A string checked by a shared validator, its issue carrying the validator's spec message. */
function validated(validate: (value: string) => ValidationError | null, max = 200) {
  return plainText({ error: () => validate('')?.message ?? 'Required.' })
    .max(max)
    .superRefine((value, ctx) => {
      const error = validate(value);
      if (error) ctx.addIssue({ code: 'custom', message: error.message, params: { key: error.key } });
    });
}

// ---------------------------------------------------------------------------------------------
// Cart lines and shipping choices
// ---------------------------------------------------------------------------------------------

export const CHECKOUT_MAX_ITEMS = MAX_IDS_PER_REQUEST;

/**
 * One cart line: the listing, how many, and the unit price the buyer saw. `offerId`: the buyer's
 * accepted offer on the listing; the line is then bought at the offer's price and quantity.
 */
export const checkoutItemSchema = z.object({
  listingId: uuidSchema,
  quantity: z.int().min(1).max(10_000),
  price: moneySchema,
  offerId: uuidSchema.optional(),
});
export type CheckoutItem = z.infer<typeof checkoutItemSchema>;

const checkoutItemsSchema = z
  .array(checkoutItemSchema)
  .min(1, { error: 'The cart is empty.' })
  .max(CHECKOUT_MAX_ITEMS)
  .refine((items) => new Set(items.map((item) => item.listingId)).size === items.length, {
    error: 'Each listing appears once in the cart.',
  });

/**
 * The buyer's address, checked with the billing validators. `state` is one of the 50
 * states or DC.
 */
export const shippingAddressSchema = z.object({
  firstName: validated(validateBillingFirstName, 100),
  lastName: validated(validateBillingLastName, 100),
  address1: validated(validateAddress),
  address2: plainText().trim().max(200).optional(),
  city: validated(validateCity, 100),
  state: addressStateSchema,
  zip: validated(validateZip, 10),
  phone: plainText().trim().max(30).optional(),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** Where one seller's group ships: a dealer chosen in the finder, or the buyer's address. */
export const shippingDestinationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('dealer'), dealerId: uuidSchema }),
  z.object({ kind: z.literal('address'), address: shippingAddressSchema }),
]);
export type ShippingDestination = z.infer<typeof shippingDestinationSchema>;

/** The shipping choice for the items of one seller (each seller's group is one order). */
export const sellerShippingSchema = z.object({
  sellerId: uuidSchema,
  destination: shippingDestinationSchema,
});
export type SellerShipping = z.infer<typeof sellerShippingSchema>;

const sellerShippingListSchema = (min: number) =>
  z
    .array(sellerShippingSchema)
    .min(min, { error: 'Choose where each seller ships.' })
    .max(CHECKOUT_MAX_ITEMS)
    .refine((groups) => new Set(groups.map((group) => group.sellerId)).size === groups.length, {
      error: 'Give one shipping choice per seller.',
    });

/** The minimum age the buyer states they meet (the quote says which one the cart needs). */
export const statedMinimumAgeSchema = z.union([z.literal(18), z.literal(21)]);

// ---------------------------------------------------------------------------------------------
// POST /orders/quote
// ---------------------------------------------------------------------------------------------

/**
 * Checks a cart before paying: stock, price, listing state, the seller, and the state rules for
 * the shipping choices given so far (a group without a choice is checked for what needs a dealer).
 * Nothing is reserved.
 */
export const quoteRequestSchema = z.object({
  items: checkoutItemsSchema,
  shipping: sellerShippingListSchema(0).default([]),
  statedMinimumAge: statedMinimumAgeSchema.optional(),
});
export type QuoteRequest = z.input<typeof quoteRequestSchema>;

/**
 * Why an item cannot be bought now. Compliance rules carry the id of their row in
 * COMPLIANCE_RULES (`magazineCapacity.CA`, `dealerRequired`, `nfa`, …); the others are
 * `unavailable` (closed, sold or unknown listing), `outOfStock`, `insufficientStock`,
 * `priceChanged`, `ownListing`, `sellerCannotSell` (no live checkout), `dealerNotFound` and `auction`
 * (an auction is bought by bidding, not through the cart).
 */
export const itemBlockSchema = z.object({
  rule: z.string(),
  /** The state the rule is about, or null. */
  state: z.string().nullable(),
  message: z.string(),
  /** The statute or policy, for compliance rules. */
  source: z.string().nullable(),
});
export type ItemBlock = z.infer<typeof itemBlockSchema>;

export const quoteItemSchema = z.object({
  listingId: uuidSchema,
  title: z.string(),
  family: familyKeySchema.nullable(),
  thumbnailPicture: z.string().nullable(),
  quantity: z.int().min(1),
  /** The price the buyer sent. */
  priceSeen: moneySchema,
  /** The listing's price now (null for an unknown listing). */
  price: moneySchema.nullable(),
  /** Units in stock now. */
  available: z.int().nonnegative(),
  shippingCost: moneySchema,
  /** Must ship to a dealer (the FFL rule). */
  requiresDealer: z.boolean(),
  /** Age the buyer must state for this item (0: none). */
  minimumAge: z.union([z.literal(0), z.literal(18), z.literal(21)]),
  /** Null: the item can be bought as asked. */
  blocked: itemBlockSchema.nullable(),
});
export type QuoteItem = z.infer<typeof quoteItemSchema>;

export const quoteGroupSchema = z.object({
  sellerId: uuidSchema,
  sellerDisplayName: z.string(),
  /** The seller's accepted payment methods (bit flags): the card form checks the brand against them. */
  acceptedPaymentMethods: paymentMethodsSchema,
  /** Some item of the group must ship to a dealer: offer the dealer finder. */
  requiresDealer: z.boolean(),
  items: z.array(quoteItemSchema),
  /** Over the items that are not blocked. */
  subtotal: moneySchema,
  shipping: moneySchema,
  total: moneySchema,
});
export type QuoteGroup = z.infer<typeof quoteGroupSchema>;

export const quoteResponseSchema = z.object({
  groups: z.array(quoteGroupSchema),
  /** The age the buyer must state for the items that are not blocked (0: none). */
  minimumAge: z.union([z.literal(0), z.literal(18), z.literal(21)]),
  /** Every item can be bought as asked. */
  canCheckout: z.boolean(),
  total: moneySchema,
});
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /orders/checkout
// ---------------------------------------------------------------------------------------------

/**
 * The card, checked with the shared validators. The card goes to the payment gateway and
 * is never stored or logged; orders keep only the brand and last four digits. `expiration` is MM/YY.
 * Each seller's accepted brands are checked by the server ('This card type is not accepted by the
 * seller.' on `payment.cardNumber`).
 */
export const checkoutPaymentSchema = z.object({
  billingFirstName: validated(validateBillingFirstName, 100),
  billingLastName: validated(validateBillingLastName, 100),
  cardNumber: validated((value) => validateCardNumber(value), 30),
  expiration: validated(validateExpiration, 5),
  cvv: validated(validateCvv, 4),
  address1: validated(validateAddress),
  address2: plainText().trim().max(200).optional(),
  city: validated(validateCity, 100),
  state: addressStateSchema,
  zip: validated(validateZip, 10),
});
export type CheckoutPayment = z.infer<typeof checkoutPaymentSchema>;

/** Letters, digits, dash and underscore; a fresh one per checkout attempt (e.g. a UUID). */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, {
  error: 'Expected an idempotency key of 8 to 100 letters, digits, - or _.',
});

export const checkoutRequestSchema = z.object({
  /** The same key on a repeated submit answers the orders of the first (no second charge). */
  idempotencyKey: idempotencyKeySchema,
  items: checkoutItemsSchema,
  /** One choice per seller of the cart. */
  shipping: sellerShippingListSchema(1),
  /** The buyer states they meet this minimum age (the quote's `minimumAge`). */
  statedMinimumAge: statedMinimumAgeSchema,
  payment: checkoutPaymentSchema,
  /**
   * Pay through escrow: the payment is held by the marketplace and released to the seller after
   * delivery and the inspection period, or refunded on a dispute staff resolve for the buyer.
   */
  escrow: z.boolean().default(false),
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;
export type ParsedCheckoutRequest = z.output<typeof checkoutRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------

export const orderStateSchema = z.enum(OrderState);
export const carrierSchema = z.enum(CARRIERS);

export const orderLineSchema = z.object({
  listingId: uuidSchema,
  title: z.string(),
  family: familyKeySchema,
  thumbnailPicture: z.string().nullable(),
  quantity: z.int().min(1),
  /** Unit price paid. */
  price: moneySchema,
  shippingCost: moneySchema,
  lineTotal: moneySchema,
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** The receiving dealer as it was at checkout, and its license copy when it has uploaded one. */
export const orderDealerSchema = z.object({
  id: uuidSchema,
  licenseNumber: z.string(),
  businessName: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string().nullable(),
  /** Where to fetch the dealer's license copy to print, when on file. */
  licenseCopyUrl: z.string().nullable(),
});
export type OrderDealer = z.infer<typeof orderDealerSchema>;

export const orderShippingSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('dealer'), dealer: orderDealerSchema }),
  z.object({
    kind: z.literal('address'),
    address: z.object({
      firstName: z.string(),
      lastName: z.string(),
      address1: z.string(),
      address2: z.string().nullable(),
      city: z.string(),
      state: z.string(),
      zip: z.string(),
      phone: z.string().nullable(),
    }),
  }),
]);
export type OrderShipping = z.infer<typeof orderShippingSchema>;

export const orderEventSchema = z.object({
  state: orderStateSchema,
  at: dateTimeSchema,
  /** Who made the change: buyer, seller, admin or system (payment). */
  by: z.enum(['buyer', 'seller', 'admin', 'system']),
  note: z.string().nullable(),
});

export const orderSchema = z.object({
  id: uuidSchema,
  /** Short number people quote ("IS-000123"). */
  number: z.string(),
  state: orderStateSchema,
  buyer: z.object({ id: uuidSchema, displayName: z.string() }),
  seller: z.object({ id: uuidSchema, displayName: z.string() }),
  items: z.array(orderLineSchema),
  subtotal: moneySchema,
  shipping: moneySchema,
  total: moneySchema,
  shipTo: orderShippingSchema,
  payment: z.object({
    brand: z.string().nullable(),
    last4: z.string().nullable(),
    /** authorized, captured, refunded, voided */
    status: z.string(),
    refundedAmount: moneySchema,
  }),
  /** Paid through escrow: where the funds are; null for a direct payment. */
  escrowStatus: z.enum(['held', 'disputed', 'released', 'refunded']).nullable(),
  carrier: carrierSchema.nullable(),
  trackingNumber: z.string().nullable(),
  /** The carrier's tracking page, when known. */
  trackingUrl: z.string().nullable(),
  cancelReason: z.string().nullable(),
  history: z.array(orderEventSchema),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
});
export type Order = z.infer<typeof orderSchema>;

/** 200: the orders made (one per seller). `replayed`: the key was seen before; these are its orders. */
export const checkoutResponseSchema = z.object({
  orders: z.array(orderSchema),
  replayed: z.boolean(),
  total: moneySchema,
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/**
 * 409 of checkout: some items cannot be bought as asked (sold out meanwhile, price changed, a state
 * rule). Nothing was charged or reserved; `items` says which and why, so the page can flag them and
 * the buyer can buy the rest.
 */
export const checkoutBlockedSchema = z.object({
  error: errorBodySchema,
  items: z.array(itemBlockSchema.extend({ listingId: uuidSchema })),
});
export type CheckoutBlocked = z.infer<typeof checkoutBlockedSchema>;

/**
 * 402 of checkout: the payment was not taken; nothing was ordered and no stock changed. `message`
 * is the processor's reason ('Your card was declined.'), or 'Error processing payment contact
 * support' when the processor gave none: show it as given.
 */
export const PAYMENT_DECLINED_CODE = 'payment_declined';

// ---------------------------------------------------------------------------------------------
// POST /orders/getall, ship, cancel, deliver, complete
// ---------------------------------------------------------------------------------------------

/** As buyer: orders the caller bought; as seller: orders of the caller's listings. Newest first. */
export const ordersGetAllRequestSchema = z.object({
  role: z.enum(['buyer', 'seller']),
  states: z.array(orderStateSchema).max(ORDER_STATES.length).optional(),
  page: pageSchema,
  pageSize: pageSizeSchema,
});
export type OrdersGetAllRequest = z.input<typeof ordersGetAllRequestSchema>;

export const ordersGetAllResponseSchema = pagedSchema(orderSchema);
export type OrdersGetAllResponse = z.infer<typeof ordersGetAllResponseSchema>;

export const TRACKING_NUMBER_MAX = 64;

export const shipOrderRequestSchema = z.object({
  carrier: carrierSchema,
  trackingNumber: nameText()
    .min(4, { error: 'Enter the tracking number.' })
    .max(TRACKING_NUMBER_MAX)
    .regex(/^[A-Za-z0-9 -]+$/, { error: 'A tracking number has letters, digits, spaces and dashes only.' }),
});
export type ShipOrderRequest = z.input<typeof shipOrderRequestSchema>;

export const cancelOrderRequestSchema = z.object({
  reason: plainText().trim().min(3, { error: 'Give a reason for cancelling.' }).max(500),
});
export type CancelOrderRequest = z.input<typeof cancelOrderRequestSchema>;

export const orderResponseSchema = orderSchema;

// ---------------------------------------------------------------------------------------------
// Payment failure texts
// ---------------------------------------------------------------------------------------------

/**
 * The text the checkout page shows when paying fails:
 * - an answer with an error (the envelope; a 402 carries the processor's reason): its message as given;
 * - an answer with only a message and no error: 'Error processing payment contact support';
 * - no answer (network failure, timeout, a body that is not JSON) or a server failure: 'Error processing payment'.
 * `status` is the HTTP status (0 when the request failed); `body` the parsed JSON or null.
 */
export function paymentFailureText(status: number, body: unknown): string {
  if (status === 0 || status >= 500 || body === null || body === undefined) return ErrorMessage.PaymentFailed;
  if (isErrorEnvelope(body) && body.error.message.trim() !== '') return body.error.message;
  if (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { message?: unknown }).message === 'string'
  ) {
    return ErrorMessage.PaymentContactSupport;
  }
  return ErrorMessage.PaymentFailed;
}

/** The calls served by `src-server/modules/orders/`. */
export const ORDERS_ENDPOINTS = {
  ordersQuote: defineEndpoint({
    method: 'POST',
    path: '/orders/quote',
    summary:
      'Check a cart before paying: per item allowed or blocked (stock, price, state rules) and totals.',
    access: 'user',
    body: quoteRequestSchema,
    response: quoteResponseSchema,
  }),
  ordersCheckout: defineEndpoint({
    method: 'POST',
    path: '/orders/checkout',
    refusesImpersonation: true,
    summary: 'Pay for the cart: one order per seller, stock taken, card charged; idempotent by key.',
    access: 'user',
    body: checkoutRequestSchema,
    response: checkoutResponseSchema,
    responses: { 409: checkoutBlockedSchema },
    rateLimited: true,
  }),
  ordersGet: defineEndpoint({
    method: 'GET',
    path: '/orders/{id}',
    summary: 'One order, for its buyer, its seller or an admin (others: 404).',
    access: 'user',
    params: idParamsSchema,
    response: orderResponseSchema,
  }),
  ordersGetAll: defineEndpoint({
    method: 'POST',
    path: '/orders/getall',
    summary: "The caller's orders as buyer or as seller, newest first, filtered by state.",
    access: 'user',
    body: ordersGetAllRequestSchema,
    response: ordersGetAllResponseSchema,
  }),
  ordersShip: defineEndpoint({
    method: 'POST',
    path: '/orders/ship/{id}',
    summary: 'The seller marks an order shipped with carrier and tracking number.',
    access: 'user',
    params: idParamsSchema,
    body: shipOrderRequestSchema,
    response: orderResponseSchema,
    idempotencyHeader: true,
  }),
  ordersCancel: defineEndpoint({
    method: 'POST',
    path: '/orders/cancel/{id}',
    summary:
      'The buyer (before shipping) or the seller cancels with a reason; a captured payment is refunded.',
    access: 'user',
    params: idParamsSchema,
    body: cancelOrderRequestSchema,
    response: orderResponseSchema,
  }),
  ordersDeliver: defineEndpoint({
    method: 'POST',
    path: '/orders/deliver/{id}',
    summary: 'The seller marks a shipped order delivered (to the buyer or the dealer).',
    access: 'user',
    params: idParamsSchema,
    response: orderResponseSchema,
  }),
  ordersComplete: defineEndpoint({
    method: 'POST',
    path: '/orders/complete/{id}',
    summary: 'The buyer confirms receipt of a delivered order; the sale counts for the seller.',
    access: 'user',
    params: idParamsSchema,
    response: orderResponseSchema,
  }),
} as const satisfies Record<string, EndpointDefinition>;
