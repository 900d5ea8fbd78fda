import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TokenClaims } from '../../shared/contract/auth.ts';

export interface AuthContext {
  userId: string;
  claims: TokenClaims;
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
