import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TokenClaims } from '../../shared/contract/auth.ts';

export interface AuthContext {
  userId: string;
  /** What the token says; its role claim is as old as the token, so rights come from `roles`. */
  claims: TokenClaims;
  /** The account's roles as they are now: every access decision reads these. */
  roles: readonly string[];
  isSeller: boolean;
  isAdmin: boolean;
}

/**
 * Turns a bearer token into the caller's identity. The auth module supplies it (the app's one also
 * refuses tokens issued before a password change or lock), so this layer holds no keys or token code.
 */
export interface Authenticator {
  authenticate(token: string): Promise<AuthContext | null>;
}

/** A dealer's software calling the seller API, for the seller who owns the client credential. */
export interface SellerApiClient {
  credentialId: string;
  clientId: string;
  sellerId: string;
  /** The scopes the token was granted. */
  scopes: readonly string[];
}

/**
 * Turns a seller-API access token into its client. Tokens of the seller API are told apart from
 * session tokens by their header alone (`accepts`), so each token meets one verifier only.
 */
export interface SellerApiAuthenticator {
  accepts(token: string): boolean;
  authenticate(token: string): Promise<SellerApiClient | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The verified signed-in caller, or null for a visitor (no token, a token that failed
     * verification, or a seller-API token, which is no session).
     */
    auth: AuthContext | null;
    /** Set when a bearer token was sent but refused, so a protected call can say so. */
    authRejected: boolean;
    /** The verified seller-API client, when a valid seller-API access token was sent. */
    sellerApiClient: SellerApiClient | null;
    /** Which kind of bearer token was sent, valid or not: null when none. */
    tokenKind: 'session' | 'sellerApi' | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Resolves the caller once per API request, before any route handler runs: a session token to
 * `auth`, a seller-API token to `sellerApiClient`, never one as the other.
 */
export function installAuthentication(
  app: FastifyInstance,
  authenticator: () => Authenticator,
  sellerApi?: () => SellerApiAuthenticator,
): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('authRejected', false);
  app.decorateRequest('sellerApiClient', null);
  app.decorateRequest('tokenKind', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token) return;
    const apiTokens = sellerApi?.();
    if (apiTokens?.accepts(token)) {
      request.tokenKind = 'sellerApi';
      request.sellerApiClient = await apiTokens.authenticate(token);
      request.authRejected = request.sellerApiClient === null;
      return;
    }
    request.tokenKind = 'session';
    request.auth = await authenticator().authenticate(token);
    request.authRejected = request.auth === null;
  });
}
