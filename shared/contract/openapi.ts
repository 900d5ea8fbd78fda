/**
 * The OpenAPI 3.1 document of the public API, generated from the endpoint tables: one operation
 * per entry (operationId = its name in the table, tagged with its table), its parameters, body and
 * answers written as JSON Schema by zod, and the error envelope every failure shares. Nothing of
 * it is written by hand, so it cannot drift from what the server registers.
 */
import { errorEnvelopeSchema } from './common.ts';
import { API_BASE, ENDPOINT_TABLES, type EndpointDefinition } from './endpoints.ts';
import {
  BEARER_SCHEME,
  ERROR_ENVELOPE_REF,
  ERROR_RESPONSES,
  jsonSchemaOf,
  operationOf,
  SELLER_API_SCHEME,
} from './openapi-operation.ts';
import type { JsonSchema, OpenApiDocument, OpenApiOptions, OpenApiPathItem } from './openapi-types.ts';
import type { SELLER_API_SCOPES } from './seller-api.ts';

/** The tag of each table: the server module serving it. */
const TAG_DESCRIPTIONS: Readonly<Record<keyof typeof ENDPOINT_TABLES, string>> = {
  auth: 'Sign-in, registration, tokens and passwords.',
  listings: 'Listings: search, detail, suggestions, and a seller’s own listings.',
  'stock-images': 'Catalogue photos by UPC.',
  location: 'Zip code lookups.',
  messages: 'Messages between buyers and sellers.',
  'saved-searches': 'Saved searches and their alerts.',
  users: 'Accounts: registration, profiles, settings, public seller profiles, dashboard counts and alerts.',
  inventory: 'Bulk inventory uploads: CSV files imported as listings, their progress and error reports.',
  feeds: 'Distributor feeds: catalogue files kept in sync as listings, uploaded or pulled on a schedule.',
  cart: 'The shopping cart.',
  orders: 'Checkout and orders: quote, pay, ship, cancel.',
  offers: 'Offers on listings: make, accept, counter, decline; accepted offers check out at their price.',
  auctions: 'Auctions: an auction’s standing and bid history, and proxy bids up to a maximum.',
  billing: 'Plans, invoices and payment methods.',
  favorites: 'Favorite listings.',
  admin: 'Staff tools.',
  shortlinks: 'Short links.',
  content: 'News, reviews and site content.',
  brands: 'Brands and their pages.',
  ads: 'Advertisements.',
  identification: 'Firearm identification requests.',
  'firearm-reference':
    'The firearms reference staff keep: manufacturers, models, variants, calibers and the aliases sellers write for them.',
  ffl: 'Licensed dealers (FFL): the dealer finder and dealers’ own profiles.',
  health: 'Service health.',
  'seller-api':
    'The seller API: a seller creates client credentials on the site; a dealer’s own software gets a token with one (OAuth 2.0 client-credentials grant) and keeps its inventory and listings in sync.',
  moderation: 'Moderation: reported listings, and staff freezes of a listing with a reason its seller sees.',
  alerts:
    'Buyer alerts: saved-search matches, price drops on favorites and new local listings, their settings and the digest e-mail’s unsubscribe link.',
  newsletter:
    'The newsletter: sign up, confirm a subscription from its e-mail link (double opt-in) and unsubscribe.',
};

const errorContent = { 'application/json': { schema: { $ref: ERROR_ENVELOPE_REF } } };

/** The whole document, from the tables (the contract's by default). */
export function buildOpenApiDocument(
  options: OpenApiOptions,
  tables: Readonly<Record<string, Readonly<Record<string, EndpointDefinition>>>> = ENDPOINT_TABLES,
): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = { ErrorEnvelope: jsonSchemaOf(errorEnvelopeSchema, 'output') };
  const paths: Record<string, OpenApiPathItem> = {};
  for (const [tag, table] of Object.entries(tables)) {
    for (const [name, endpoint] of Object.entries(table)) {
      const item = paths[endpoint.path] ?? {};
      const method = endpoint.method.toLowerCase() as keyof OpenApiPathItem;
      if (item[method])
        throw new Error(`Two endpoints of the contract at ${endpoint.method} ${endpoint.path}`);
      item[method] = operationOf(name, tag, endpoint, schemas);
      paths[endpoint.path] = item;
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Ironsight API',
      version: options.version,
      description: [
        'The public API of the Ironsight marketplace, generated from its contract.',
        'Every failure answers `{ "error": { "code", "message", "fields"? } }` with the matching status. ' +
          'Calls that need an account take `Authorization: Bearer <token>`, the token from `POST /auth/login`. ' +
          'The seller API (`/seller/v1/…`) takes instead a token from `POST /oauth/token`, got with a client credential.',
      ].join('\n\n'),
    },
    servers: [{ url: `${options.publicOrigin.replace(/\/$/, '')}${API_BASE}` }],
    tags: Object.keys(tables).map((name) => ({
      name,
      description: TAG_DESCRIPTIONS[name as keyof typeof TAG_DESCRIPTIONS] ?? '',
    })),
    paths,
    components: {
      schemas,
      responses: Object.fromEntries(
        Object.values(ERROR_RESPONSES).map(({ name, description }) => [
          name,
          { description, content: errorContent },
        ]),
      ),
      securitySchemes: {
        [BEARER_SCHEME]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        [SELLER_API_SCHEME]: {
          type: 'oauth2',
          description:
            'A seller-API access token: `POST /oauth/token` with a client credential created on the site. Send it as `Authorization: Bearer <token>`.',
          flows: {
            clientCredentials: {
              tokenUrl: `${options.publicOrigin.replace(/\/$/, '')}${API_BASE}/oauth/token`,
              scopes: {
                inventory: 'Create and update listings by stock number.',
                listings: 'Read and close the seller’s own listings.',
              } satisfies Record<(typeof SELLER_API_SCOPES)[number], string>,
            },
          },
        },
      },
    },
  };
}

/** The value a local JSON pointer (`#/components/schemas/ErrorEnvelope`) names in a document, or undefined. */
export function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  const tokens = ref === '#' ? [] : ref.slice(2).split('/');
  let node: unknown = document;
  for (const token of tokens) {
    const key = decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Every `$ref` of a document that does not name one of its components. */
export function unresolvedReferences(document: unknown): string[] {
  const unresolved: string[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      const resolves =
        typeof value === 'string' &&
        value.startsWith('#/components/') &&
        resolvePointer(document, value) !== undefined;
      if (key === '$ref' && !resolves) {
        unresolved.push(String(value));
      } else visit(value);
    }
  };
  visit(document);
  return unresolved;
}
