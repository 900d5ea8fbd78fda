import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ListingInput } from '../../../shared/contract/listing-input.ts';
import { CategoryFamilyId } from '../../../shared/domain/category.ts';
import { multipartForm } from './uploads.ts';

/** A $100-start optic auction for 7 days, with these terms. */
export const auctionInput = (overrides: Partial<ListingInput> = {}): ListingInput => ({
  title: 'Leupold VX-3HD 4.5-14x40 scope',
  description: '<p>Clear glass, original box.</p>',
  familyId: CategoryFamilyId.Optics,
  manufacturer: 'Leupold',
  condition: 'Used',
  quantity: 1,
  price: 100,
  zipCode: '75201',
  listingType: 1,
  durationDays: 7,
  ...overrides,
});

/** POST /api/listings/add as the listing form sends it. */
export function addListing(
  app: FastifyInstance,
  who: { authorization: string },
  input: ListingInput | Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  const form = multipartForm({ request: JSON.stringify(input) }, []);
  return app.inject({
    method: 'POST',
    url: '/api/listings/add',
    headers: { ...form.headers, authorization: who.authorization },
    payload: form.payload,
  });
}

/** Lists an auction as `who` and answers its listing id. */
export async function listAuction(
  app: FastifyInstance,
  who: { authorization: string },
  overrides: Partial<ListingInput> = {},
): Promise<string> {
  const res = await addListing(app, who, auctionInput(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}
