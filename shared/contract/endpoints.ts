/**
 * The API contract: one entry per call of the API (see docs/api.md), keyed by a stable
 * name. Each resource's file holds its own table (`AUTH_ENDPOINTS` in `auth.ts`, …), served by the
 * server module of the same name; this file only merges them. The server registers its routes
 * from the tables and the renderer's client is typed by them. A 200 answer is `response`; bodies of
 * other statuses are listed under `responses`; every other failure is the error envelope of
 * common.ts.
 */
import type { z } from 'zod';
import { ADMIN_ENDPOINTS } from './admin.ts';
import { ADS_ENDPOINTS } from './ads.ts';
import { ALERTS_ENDPOINTS } from './alerts.ts';
import { AUCTIONS_ENDPOINTS } from './auctions.ts';
import { AUTH_ENDPOINTS } from './auth.ts';
import { BILLING_ENDPOINTS } from './billing.ts';
import { BRANDS_ENDPOINTS } from './brands.ts';
import { CART_ENDPOINTS } from './cart.ts';
import { CONTENT_ENDPOINTS } from './content.ts';
import { API_BASE, type EndpointDefinition, fillPath, type PathParamNames } from './endpoint.ts';
import { FAVORITES_ENDPOINTS } from './favorites.ts';
import { FEEDS_ENDPOINTS } from './feeds.ts';
import { FFL_ENDPOINTS } from './ffl.ts';
import { FIREARM_REFERENCE_ENDPOINTS } from './firearm-reference.ts';
import { HEALTH_ENDPOINTS } from './health.ts';
import { IDENTIFICATION_ENDPOINTS } from './identification.ts';
import { INVENTORY_ENDPOINTS } from './inventory.ts';
import { LISTINGS_ENDPOINTS } from './listings.ts';
import { LOCATION_ENDPOINTS } from './location.ts';
import { MESSAGES_ENDPOINTS } from './messages.ts';
import { MODERATION_ENDPOINTS } from './moderation.ts';
import { NEWSLETTER_ENDPOINTS } from './newsletter.ts';
import { OFFERS_ENDPOINTS } from './offers.ts';
import { ORDERS_ENDPOINTS } from './orders.ts';
import { SAVED_SEARCHES_ENDPOINTS } from './saved-searches.ts';
import { SELLER_API_ENDPOINTS } from './seller-api.ts';
import { SHORTLINKS_ENDPOINTS } from './shortlinks.ts';
import { STOCK_IMAGES_ENDPOINTS } from './stock-images.ts';
import { USERS_ENDPOINTS } from './users.ts';

export {
  ACCESS_LEVELS,
  type Access,
  API_BASE,
  defineEndpoint,
  type EndpointDefinition,
  fillPath,
  type HttpMethod,
  OWNED_RESOURCES,
  type OwnedResource,
  type PathParamNames,
  pathParamNames,
  satisfiesAccess,
  toFastifyPath,
  type UploadSpec,
} from './endpoint.ts';

/** Each server module (`src-server/modules/<module>/`) and the table of calls it serves. */
export const ENDPOINT_TABLES = {
  auth: AUTH_ENDPOINTS,
  listings: LISTINGS_ENDPOINTS,
  'stock-images': STOCK_IMAGES_ENDPOINTS,
  location: LOCATION_ENDPOINTS,
  messages: MESSAGES_ENDPOINTS,
  'saved-searches': SAVED_SEARCHES_ENDPOINTS,
  users: USERS_ENDPOINTS,
  inventory: INVENTORY_ENDPOINTS,
  feeds: FEEDS_ENDPOINTS,
  cart: CART_ENDPOINTS,
  orders: ORDERS_ENDPOINTS,
  offers: OFFERS_ENDPOINTS,
  auctions: AUCTIONS_ENDPOINTS,
  billing: BILLING_ENDPOINTS,
  favorites: FAVORITES_ENDPOINTS,
  admin: ADMIN_ENDPOINTS,
  shortlinks: SHORTLINKS_ENDPOINTS,
  content: CONTENT_ENDPOINTS,
  brands: BRANDS_ENDPOINTS,
  ads: ADS_ENDPOINTS,
  identification: IDENTIFICATION_ENDPOINTS,
  'firearm-reference': FIREARM_REFERENCE_ENDPOINTS,
  ffl: FFL_ENDPOINTS,
  health: HEALTH_ENDPOINTS,
  'seller-api': SELLER_API_ENDPOINTS,
  alerts: ALERTS_ENDPOINTS,
  moderation: MODERATION_ENDPOINTS,
  newsletter: NEWSLETTER_ENDPOINTS,
} as const satisfies Record<string, Record<string, EndpointDefinition>>;

export type EndpointTables = typeof ENDPOINT_TABLES;
export type ApiModule = keyof EndpointTables;
export const API_MODULES = Object.keys(ENDPOINT_TABLES) as ApiModule[];

export const ENDPOINTS = {
  ...AUTH_ENDPOINTS,
  ...LISTINGS_ENDPOINTS,
  ...STOCK_IMAGES_ENDPOINTS,
  ...LOCATION_ENDPOINTS,
  ...MESSAGES_ENDPOINTS,
  ...SAVED_SEARCHES_ENDPOINTS,
  ...USERS_ENDPOINTS,
  ...INVENTORY_ENDPOINTS,
  ...FEEDS_ENDPOINTS,
  ...CART_ENDPOINTS,
  ...ORDERS_ENDPOINTS,
  ...OFFERS_ENDPOINTS,
  ...AUCTIONS_ENDPOINTS,
  ...BILLING_ENDPOINTS,
  ...FAVORITES_ENDPOINTS,
  ...ADMIN_ENDPOINTS,
  ...SHORTLINKS_ENDPOINTS,
  ...CONTENT_ENDPOINTS,
  ...BRANDS_ENDPOINTS,
  ...ADS_ENDPOINTS,
  ...IDENTIFICATION_ENDPOINTS,
  ...FIREARM_REFERENCE_ENDPOINTS,
  ...FFL_ENDPOINTS,
  ...HEALTH_ENDPOINTS,
  ...SELLER_API_ENDPOINTS,
  ...ALERTS_ENDPOINTS,
  ...MODERATION_ENDPOINTS,
  ...NEWSLETTER_ENDPOINTS,
} as const satisfies Record<string, EndpointDefinition>;

export type Endpoints = typeof ENDPOINTS;
export type EndpointName = keyof Endpoints;

export const ENDPOINT_NAMES = Object.keys(ENDPOINTS) as EndpointName[];

// ---------------------------------------------------------------------------------------------
// Types of one endpoint
// ---------------------------------------------------------------------------------------------

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;
type Part<N extends EndpointName, K extends 'params' | 'query' | 'body'> =
  Endpoints[N] extends Record<K, infer S> ? S : undefined;

/** What a client sends as the JSON body (for multipart calls: the JSON form field). */
export type EndpointBody<N extends EndpointName> = InputOf<Part<N, 'body'>>;
export type EndpointQuery<N extends EndpointName> = InputOf<Part<N, 'query'>>;
export type EndpointParams<N extends EndpointName> = InputOf<Part<N, 'params'>>;

/** What the server handler receives after parsing (defaults applied, text coerced). */
export type EndpointParsedBody<N extends EndpointName> = OutputOf<Part<N, 'body'>>;
export type EndpointParsedQuery<N extends EndpointName> = OutputOf<Part<N, 'query'>>;
export type EndpointParsedParams<N extends EndpointName> = OutputOf<Part<N, 'params'>>;

/** The 200 answer. */
export type EndpointResponse<N extends EndpointName> = z.output<Endpoints[N]['response']>;

/** The body of a status-specific answer listed under `responses` (e.g. login's 402). */
export type EndpointStatusResponse<N extends EndpointName, S extends number> = Endpoints[N] extends {
  responses: Record<S, infer R>;
}
  ? OutputOf<R>
  : never;

// ---------------------------------------------------------------------------------------------
// Paths
// ---------------------------------------------------------------------------------------------

/** The full URL path of an endpoint under the API base, parameters filled. */
export function endpointUrl<N extends EndpointName>(
  name: N,
  params?: Readonly<Record<PathParamNames<Endpoints[N]['path']>, string | number>>,
): string {
  const path: string = ENDPOINTS[name].path;
  return `${API_BASE}${params ? fillPath(path, params as Readonly<Record<string, string | number>>) : path}`;
}

/** The module whose table holds an endpoint. */
export function moduleOf(name: EndpointName): ApiModule {
  const found = API_MODULES.find((module) => name in ENDPOINT_TABLES[module]);
  if (!found) throw new Error(`No module serves ${name}`);
  return found;
}

/** The endpoints not built yet (answered 501), by name. */
export const PLANNED_ENDPOINT_NAMES = ENDPOINT_NAMES.filter(
  (name) => (ENDPOINTS[name] as EndpointDefinition).planned === true,
);
