import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isAdminRole, isSellerRole } from '../../shared/domain/user.ts';
import { type TokenClaims, verifyToken } from '../modules/auth/tokens.ts';

export interface AuthContext {
  userId: string;
  claims: TokenClaims;
  isSeller: boolean;
  isAdmin: boolean;
}

/**
 * Turns a bearer token into the caller's identity. The default checks signature and expiry;
 * the accounts module swaps in one that also refuses tokens issued before a password change or lock.
 */
export interface Authenticator {
  authenticate(token: string): Promise<AuthContext | null>;
}

export function jwtAuthenticator(secret: string): Authenticator {
  return {
    async authenticate(token) {
      const claims = await verifyToken(token, secret);
      return claims ? toAuthContext(claims) : null;
    },
  };
}

export function toAuthContext(claims: TokenClaims): AuthContext {
  return {
    userId: claims.unique_name,
    claims,
    isSeller: isSellerRole(claims.role),
    isAdmin: isAdminRole(claims.role),
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller, or null for a visitor (no token, or a token that failed verification). */
    auth: AuthContext | null;
    /** Set when a bearer token was sent but refused, so a protected call can say so. */
    authRejected: boolean;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Resolves the caller once per API request, before any route handler runs. */
export function installAuthentication(app: FastifyInstance, authenticator: () => Authenticator): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('authRejected', false);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token) return;
    request.auth = await authenticator().authenticate(token);
    request.authRejected = request.auth === null;
  });
}
