/**
 * The shape of one entry of the API contract, and the rules every entry follows: who may call
 * (access levels), which records a caller must own, the parts of a multipart request, and the
 * path helpers. Each resource's table (`auth.ts`, `listings.ts`, …) is built from
 * `defineEndpoint`; `endpoints.ts` merges the tables.
 */
import type { z } from 'zod';
import { Role, SELLER_ROLES } from '../domain/user.ts';

/** Every path of the table is served under this base: `${API_BASE}${path}`. */
export const API_BASE = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: `public` anyone (a token, when sent, is still read); `user` any signed-in account;
 * `seller` a BasicSeller, TrustedSeller or PlatinumSeller; `admin` an Admin. An Admin passes
 * every level, as staff moderate on behalf of users. `sellerApi` a dealer's own software, with a
 * bearer token of the seller API (`POST /oauth/token`), acting for the seller who owns the client
 * credential; a session token never passes it, and a seller-API token passes no other level.
 */
export const ACCESS_LEVELS = ['public', 'user', 'seller', 'admin', 'sellerApi'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/**
 * Records a caller may only act on when they own them: the listing of a listing id or image id,
 * the message, saved search, seller-API credential or distributor feed of that id. Another user's
 * private record answers 404, as an unknown id does, so ids cannot be probed. Listings and their
 * images are public (anyone can read them by id), so a change to another seller's answers 403.
 * `account`: a user id in the request must be the caller's own, else 403. An Admin passes these checks.
 */
export const OWNED_RESOURCES = [
  'listing',
  'listingImage',
  'message',
  'savedSearch',
  'clientCredential',
  'distributorFeed',
  'bulkUpload',
  'account',
] as const;
export type OwnedResource = (typeof OWNED_RESOURCES)[number];

/** The parts of a multipart request. */
export interface UploadSpec {
  /** The form field holding the JSON request (parsed with `body`), or null when the form has only files. */
  readonly jsonField: 'request' | 'FirearmInfoJson' | null;
  /** The JSON field may be left out (the body schema then parses `{}`). */
  readonly jsonOptional?: true;
  /** The form field (repeated) holding the files. */
  readonly fileField: string;
  readonly minFiles: number;
  readonly maxFiles: number;
  readonly maxFileBytes: number;
  /** Accepted media types. */
  readonly accept: readonly string[];
}

export interface EndpointDefinition {
  readonly method: HttpMethod;
  /** The spec's path, verbatim (casing and trailing slash included), `{name}` for path parameters. */
  readonly path: string;
  readonly summary: string;
  readonly access: Access;
  readonly owner?: OwnedResource;
  /** `sellerApi` endpoints: the scope the token must have been granted (see seller-api.ts). */
  readonly scope?: string;
  /** Where the owned id sits in the request: `params.<name>` or `body.<name>` (checked only when present). */
  readonly ownerId?: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** The JSON body, or for multipart requests the JSON form field named by `upload.jsonField`. */
  readonly body?: z.ZodType;
  /** The 200 answer. */
  readonly response: z.ZodType;
  /** Status-specific bodies beyond the 200 answer; any other failure is the error envelope. */
  readonly responses?: Readonly<Record<number, z.ZodType>>;
  readonly multipart?: true;
  readonly upload?: UploadSpec;
  /** The largest JSON body taken, where a call needs more than the server's default of 1 MB. */
  readonly maxBodyBytes?: number;
  /**
   * `image`: the answer is image bytes, usable as an `<img src>`; `csv`: a CSV download (text/csv
   * with a file name); `file`: a document's bytes (its media type in Content-Type); `events`: a
   * stream of server-sent events (text/event-stream) that stays open; otherwise JSON.
   */
  readonly produces?: 'json' | 'image' | 'csv' | 'file' | 'events';
  /**
   * The account's own secrets and money (password, email, payments): an admin acting as the user
   * through an impersonation token is refused (403).
   */
  readonly refusesImpersonation?: true;
  /**
   * The call honours an `Idempotency-Key` header (RFC draft "The Idempotency-Key HTTP Header
   * Field"): a signed-in caller's repeat with the same key and the same request answers the first
   * answer again without acting twice; the same key with another request answers 422; while the
   * first is still under way a repeat answers 409. Keys are kept 24 hours, per account and endpoint.
   */
  readonly idempotencyHeader?: true;
  /** A brute-force or enumeration target: the server applies its strict per-address limit. */
  readonly rateLimited?: true;
  /**
   * A person's action answered in a few short statements and waited on (a message sent, a bid):
   * under load its statements go to the database ahead of other requests' first statements.
   */
  readonly urgent?: true;
  /** The answer, or its error answer, carries a token: never kept by a browser or proxy cache. */
  readonly issuesToken?: true;
  /**
   * How the body is sent: JSON (the default), or `form` (application/x-www-form-urlencoded, each
   * field a text value), as the OAuth 2.0 token endpoint takes it.
   */
  readonly bodyEncoding?: 'json' | 'form';
  /**
   * How failures answer: the error envelope (the default), or `oauth2`, the body of RFC 6749 §5.2
   * (`{ error, error_description }`), which OAuth clients read.
   */
  readonly errorFormat?: 'envelope' | 'oauth2';
  /** The path as the spec writes it, where it differs from `path`. */
  readonly specPath?: string;
  /**
   * Not built yet: the server answers 501 with the error envelope (after the access check), so a
   * client learns the call exists but is unavailable instead of meeting a 404.
   */
  readonly planned?: true;
}

/** Keeps the literal types of an entry (method, path, schemas) for the typed helpers below. */
export function defineEndpoint<const E extends EndpointDefinition>(endpoint: E): E {
  return endpoint;
}

export const MB = 1024 * 1024;

/** The request header of endpoints marked `idempotencyHeader`. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** The answer header set on an answer replayed for a repeated `Idempotency-Key`. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** A key: 8 to 128 printable ASCII characters without spaces, e.g. a UUID. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{8,128}$/;
/** How long a key is remembered. */
export const IDEMPOTENCY_KEY_LIFETIME_HOURS = 24;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

// ---------------------------------------------------------------------------------------------
// Paths
// ---------------------------------------------------------------------------------------------

/** The `{name}` parameters of a path, as a union of names. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

const PATH_PARAM = /\{(\w+)\}/g;

/** The `{name}` parameters of a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(PATH_PARAM)].map((match) => match[1] ?? '');
}

/** Fills `{name}` segments with URL-encoded values: fillPath('/brands/{slug}', { slug: 'sig-sauer' }). */
export function fillPath<P extends string>(
  path: P,
  params: Readonly<Record<PathParamNames<P>, string | number>>,
): string {
  const values = params as Readonly<Record<string, string | number | undefined>>;
  return path.replace(PATH_PARAM, (_segment, name: string) => {
    const value = values[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Fastify's form of a path: `{id}` → `:id`. */
export function toFastifyPath(path: string): string {
  return path.replace(PATH_PARAM, ':$1');
}

// ---------------------------------------------------------------------------------------------
// Access
// ---------------------------------------------------------------------------------------------

/**
 * Whether a signed-in caller with these roles (null: a visitor) may call an endpoint of this access
 * level. `sellerApi` is never reached with a session: only a seller-API token passes it.
 */
export function satisfiesAccess(access: Access, roles: readonly string[] | null): boolean {
  if (access === 'public') return true;
  if (roles === null || access === 'sellerApi') return false;
  if (roles.includes(Role.Admin)) return true;
  if (access === 'user') return true;
  if (access === 'seller') return roles.some((role) => (SELLER_ROLES as readonly string[]).includes(role));
  return false;
}
