// Must run before any schema is used.
import '../zod-config.ts';
import type { EndpointDefinition } from '../../shared/contract/endpoint.ts';
import { ENDPOINT_MODULES } from '../../shared/contract/endpoint-modules.ts';
import type { ApiModule, EndpointName } from '../../shared/contract/endpoints.ts';

/*
 * What the API client needs of the contract at run time: each endpoint's definition (path, method,
 * the answer schemas it checks) and the error envelope. Loaded with the first call, so pages that
 * make none (a server-rendered page for a visitor) never download the schemas; and a call loads only
 * its own module's table (an ad's impression count does not build the schemas of every endpoint).
 */
export { ERROR_STATUS, errorEnvelopeSchema } from '../../shared/contract/common.ts';
export { API_BASE, fillPath } from '../../shared/contract/endpoint.ts';

type Table = Readonly<Record<string, EndpointDefinition>>;

/** Each module's table (shared/contract/endpoints.ts `ENDPOINT_TABLES`), loaded when first called. */
export const MODULE_TABLES: Readonly<Record<ApiModule, () => Promise<Table>>> = {
  auth: () => import('../../shared/contract/auth.ts').then((m) => m.AUTH_ENDPOINTS),
  listings: () => import('../../shared/contract/listings.ts').then((m) => m.LISTINGS_ENDPOINTS),
  'stock-images': () => import('../../shared/contract/stock-images.ts').then((m) => m.STOCK_IMAGES_ENDPOINTS),
  location: () => import('../../shared/contract/location.ts').then((m) => m.LOCATION_ENDPOINTS),
  messages: () => import('../../shared/contract/messages.ts').then((m) => m.MESSAGES_ENDPOINTS),
  'saved-searches': () =>
    import('../../shared/contract/saved-searches.ts').then((m) => m.SAVED_SEARCHES_ENDPOINTS),
  users: () => import('../../shared/contract/users.ts').then((m) => m.USERS_ENDPOINTS),
  inventory: () => import('../../shared/contract/inventory.ts').then((m) => m.INVENTORY_ENDPOINTS),
  feeds: () => import('../../shared/contract/feeds.ts').then((m) => m.FEEDS_ENDPOINTS),
  cart: () => import('../../shared/contract/cart.ts').then((m) => m.CART_ENDPOINTS),
  orders: () => import('../../shared/contract/orders.ts').then((m) => m.ORDERS_ENDPOINTS),
  offers: () => import('../../shared/contract/offers.ts').then((m) => m.OFFERS_ENDPOINTS),
  auctions: () => import('../../shared/contract/auctions.ts').then((m) => m.AUCTIONS_ENDPOINTS),
  billing: () => import('../../shared/contract/billing.ts').then((m) => m.BILLING_ENDPOINTS),
  favorites: () => import('../../shared/contract/favorites.ts').then((m) => m.FAVORITES_ENDPOINTS),
  admin: () => import('../../shared/contract/admin.ts').then((m) => m.ADMIN_ENDPOINTS),
  shortlinks: () => import('../../shared/contract/shortlinks.ts').then((m) => m.SHORTLINKS_ENDPOINTS),
  content: () => import('../../shared/contract/content.ts').then((m) => m.CONTENT_ENDPOINTS),
  brands: () => import('../../shared/contract/brands.ts').then((m) => m.BRANDS_ENDPOINTS),
  ads: () => import('../../shared/contract/ads.ts').then((m) => m.ADS_ENDPOINTS),
  identification: () =>
    import('../../shared/contract/identification.ts').then((m) => m.IDENTIFICATION_ENDPOINTS),
  'firearm-reference': () =>
    import('../../shared/contract/firearm-reference.ts').then((m) => m.FIREARM_REFERENCE_ENDPOINTS),
  ffl: () => import('../../shared/contract/ffl.ts').then((m) => m.FFL_ENDPOINTS),
  health: () => import('../../shared/contract/health.ts').then((m) => m.HEALTH_ENDPOINTS),
  'seller-api': () => import('../../shared/contract/seller-api.ts').then((m) => m.SELLER_API_ENDPOINTS),
  alerts: () => import('../../shared/contract/alerts.ts').then((m) => m.ALERTS_ENDPOINTS),
  moderation: () => import('../../shared/contract/moderation.ts').then((m) => m.MODERATION_ENDPOINTS),
  newsletter: () => import('../../shared/contract/newsletter.ts').then((m) => m.NEWSLETTER_ENDPOINTS),
};

const loaded = new Map<ApiModule, Promise<Table>>();

/** A module's table, loaded once; a failed load (offline, a new deployment) is tried again later. */
function tableOf(module: ApiModule): Promise<Table> {
  let table = loaded.get(module);
  if (!table) {
    table = MODULE_TABLES[module]();
    loaded.set(module, table);
    table.catch(() => loaded.delete(module));
  }
  return table;
}

/** The definition of one endpoint, with its module's table loaded. */
export async function loadEndpoint(name: EndpointName): Promise<EndpointDefinition> {
  const module = ENDPOINT_MODULES[name];
  const definition = (await tableOf(module))[name];
  if (!definition) throw new Error(`No endpoint ${name} in the ${module} table.`);
  return definition;
}

/** Every module's table (tests load them up front). */
export function loadAllEndpoints(): Promise<unknown> {
  return Promise.all((Object.keys(MODULE_TABLES) as ApiModule[]).map(tableOf));
}
