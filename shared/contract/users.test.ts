import { describe, expect, it } from 'vitest';
import { brandKeywordRequestSchema } from './brands.ts';
import { type CartItem, mergeCarts, syncCartRequestSchema, toSyncCartRequest } from './cart.ts';
import { ErrorMessage, validationEnvelope } from './common.ts';
import { articleQuerySchema } from './content.ts';
import { FAVORITES_MAX, isAtFavoritesMax } from './favorites.ts';
import { legacyListerQuerySchema } from './listings.ts';
import { NEWSLETTER_SUCCESS_MESSAGE } from './newsletter.ts';
import { shortLinkLookupRequestSchema } from './shortlinks.ts';
import { registerRequestSchema, userGetAllRequestSchema, userGetRequestSchema } from './users.ts';

const LISTING_A = '6f1c2d9e-1b7a-4c1e-9f0a-2b3c4d5e6f70';
const LISTING_B = '7a2d3e0f-2c8b-4d2f-8a1b-3c4d5e6f7081';

describe('registration', () => {
  const form = {
    firstName: 'Dana',
    lastName: 'Buyer',
    email: 'dana@example.com',
    password: 'range-day-2024',
    acceptTerms: true,
  };

  it('accepts a complete form and defaults the marketing opt-in to off', () => {
    expect(registerRequestSchema.parse(form).marketingOptIn).toBe(false);
  });

  it('refuses staff names and unaccepted terms', () => {
    const admin = registerRequestSchema.safeParse({ ...form, firstName: 'Admin' });
    expect(admin.error?.issues[0]?.message).toBe('The chosen first name is not allowed.');
    expect(registerRequestSchema.safeParse({ ...form, acceptTerms: false }).success).toBe(false);
  });
});

describe('user lookups', () => {
  it('read the legacy lister id from the query string, digits only', () => {
    expect(legacyListerQuerySchema.parse({ legacyListerID: '48213' })).toEqual({ legacyListerID: 48213 });
    expect(legacyListerQuerySchema.safeParse({ legacyListerID: '48x' }).success).toBe(false);
    expect(legacyListerQuerySchema.safeParse({ legacyListerID: '-4' }).success).toBe(false);
  });

  it("refuse an empty user-id list with 'No ids provided'", () => {
    const result = userGetAllRequestSchema.safeParse({ filters: { userIds: [] } });
    expect(result.success || validationEnvelope(result.error).error.message).toBe(ErrorMessage.NoIds);
  });

  it('reads the caller themself when no user id is given', () => {
    expect(userGetRequestSchema.parse({})).toEqual({ filters: {} });
  });
});

describe('cart sync', () => {
  const line = (id: string, quantity: number, price: number, offerId?: string): CartItem => ({
    id,
    quantity,
    price,
    title: 'Magazine',
    imageUrl: null,
    category: 'Magazines',
    sellerStockNumber: null,
    upc: null,
    sku: null,
    productUrl: `/${id}/magazine`,
    ...(offerId ? { offerId } : {}),
  });

  it('builds order items keyed by listing id with the subtotal in cents', () => {
    const cart = { [LISTING_A]: line(LISTING_A, 2, 19.99) };
    const body = toSyncCartRequest(cart);
    expect(body).toEqual({
      orderItems: { [LISTING_A]: { listingId: LISTING_A, quantity: 2, price: 19.99 } },
      subtotal: 39.98,
    });
    expect(syncCartRequestSchema.safeParse(body).success).toBe(true);
  });

  const OFFER = 'c0ffee00-0000-4000-8000-000000000001';

  it('keeps the accepted offer a line is bought at', () => {
    const body = toSyncCartRequest({ [LISTING_A]: line(LISTING_A, 1, 15, OFFER) });
    expect(body.orderItems[LISTING_A]).toEqual({
      listingId: LISTING_A,
      quantity: 1,
      price: 15,
      offerId: OFFER,
    });
    expect(syncCartRequestSchema.safeParse(body).success).toBe(true);
  });

  it('merges at sign-in: the larger quantity, but an offer line keeps its own price and quantity', () => {
    const plain = mergeCarts({ [LISTING_A]: line(LISTING_A, 1, 20) }, [
      line(LISTING_A, 3, 19),
      line(LISTING_B, 2, 5),
    ]);
    expect(plain[LISTING_A]).toMatchObject({ quantity: 3, price: 20 });
    expect(plain[LISTING_B]).toMatchObject({ quantity: 2, price: 5 });
    // The server copy names the offer: its line wins over the browser's plain one.
    const fromServer = mergeCarts({ [LISTING_A]: line(LISTING_A, 4, 20) }, [line(LISTING_A, 1, 15, OFFER)]);
    expect(fromServer[LISTING_A]).toMatchObject({ quantity: 1, price: 15, offerId: OFFER });
    // The browser's offer line stays as it is, whatever the server copy holds.
    const fromBrowser = mergeCarts({ [LISTING_A]: line(LISTING_A, 1, 15, OFFER) }, [line(LISTING_A, 4, 20)]);
    expect(fromBrowser[LISTING_A]).toMatchObject({ quantity: 1, price: 15, offerId: OFFER });
  });

  it('refuses an item filed under another listing id', () => {
    const body = {
      orderItems: { [LISTING_B]: { listingId: LISTING_A, quantity: 1, price: 5 } },
      subtotal: 5,
    };
    expect(syncCartRequestSchema.safeParse(body).success).toBe(false);
  });
});

describe('other requests', () => {
  it('favorites top out at 10', () => {
    expect(FAVORITES_MAX).toBe(10);
    expect(isAtFavoritesMax(9)).toBe(false);
    expect(isAtFavoritesMax(10)).toBe(true);
  });

  it('articles default to 3 on the first page', () => {
    expect(articleQuerySchema.parse({})).toEqual({ keyword: undefined, page: 1, perPage: 3 });
    expect(articleQuerySchema.parse({ keyword: 'glock', page: '2', perPage: '3' })).toEqual({
      keyword: 'glock',
      page: 2,
      perPage: 3,
    });
  });

  it('brand keywords are compared lower-cased', () => {
    expect(brandKeywordRequestSchema.parse({ keyword: '  Sig Sauer ' })).toEqual({ keyword: 'sig sauer' });
  });

  it('short-link lookups need a filter', () => {
    expect(shortLinkLookupRequestSchema.safeParse({ filters: {} }).success).toBe(false);
    expect(shortLinkLookupRequestSchema.safeParse({ filters: { shortCodes: ['abc123'] } }).success).toBe(
      true,
    );
  });

  it('the newsletter confirms with the spec wording', () => {
    expect(NEWSLETTER_SUCCESS_MESSAGE).toMatch(/^You're all set!/);
  });
});
