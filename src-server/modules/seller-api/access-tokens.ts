import { randomUUID } from 'node:crypto';
import { decodeProtectedHeader, errors, jwtVerify, SignJWT } from 'jose';
import { SELLER_API_SCOPES, SELLER_API_TOKEN_LIFETIME_SECONDS } from '../../../shared/contract/seller-api.ts';
import type { Database } from '../../db/client.ts';
import type { SellerApiAuthenticator, SellerApiClient } from '../../http/auth-context.ts';
import { purposeKey, TOKEN_ALGORITHM, TOKEN_ISSUER } from '../auth/index.ts';
import { activeCredentialById, touchCredential } from './credentials.ts';

/**
 * Seller-API access tokens: JWTs of the `at+jwt` type (RFC 9068) for the seller API's audience,
 * signed with a key derived from the server secret for this purpose alone. A session token cannot
 * pass as one (another key, type and audience), nor one as a session token.
 */
export const ACCESS_TOKEN_TYPE = 'at+jwt';
export const SELLER_API_AUDIENCE = 'ironsight-seller-api';
const PURPOSE = 'seller-api access token';
const CLOCK_TOLERANCE_SECONDS = 30;
/** A credential's last use is written at most this often by the calls made with its tokens. */
const LAST_USED_RESOLUTION_MS = 60_000;

export interface AccessTokenSubject {
  credentialId: string;
  clientId: string;
  sellerId: string;
  scopes: readonly string[];
}

export async function signAccessToken(
  subject: AccessTokenSubject,
  secret: string,
  now: Date = new Date(),
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({
    client_id: subject.clientId,
    seller: subject.sellerId,
    scope: subject.scopes.join(' '),
  })
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: ACCESS_TOKEN_TYPE })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(SELLER_API_AUDIENCE)
    .setSubject(subject.credentialId)
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + SELLER_API_TOKEN_LIFETIME_SECONDS)
    .sign(purposeKey(secret, PURPOSE));
}

/** The subject of a valid, current seller-API access token (signature, type, audience, times), or null. */
export async function verifyAccessToken(token: string, secret: string): Promise<AccessTokenSubject | null> {
  try {
    const { payload } = await jwtVerify(token, purposeKey(secret, PURPOSE), {
      algorithms: [TOKEN_ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: SELLER_API_AUDIENCE,
      typ: ACCESS_TOKEN_TYPE,
      maxTokenAge: SELLER_API_TOKEN_LIFETIME_SECONDS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    const { sub, seller, client_id: clientId, scope } = payload;
    if (typeof sub !== 'string' || typeof seller !== 'string' || typeof clientId !== 'string') return null;
    const known = SELLER_API_SCOPES as readonly string[];
    const scopes = typeof scope === 'string' ? scope.split(' ').filter((s) => known.includes(s)) : [];
    return { credentialId: sub, clientId, sellerId: seller, scopes };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

/** Whether a token says it is a seller-API access token (its header only; nothing is verified). */
export function looksLikeAccessToken(token: string): boolean {
  try {
    return decodeProtectedHeader(token).typ === ACCESS_TOKEN_TYPE;
  } catch {
    return false;
  }
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Checks the token first (no database work for forged or stale ones), then its credential in one
 * primary-key read: refused once the credential is revoked, or its account is locked, inactive,
 * frozen for fraud or no longer a seller.
 */
export function sellerApiAuthenticator(db: Database, secret: string): SellerApiAuthenticator {
  return {
    accepts: looksLikeAccessToken,
    async authenticate(token): Promise<SellerApiClient | null> {
      const subject = await verifyAccessToken(token, secret);
      if (!subject || !GUID.test(subject.credentialId)) return null;
      const credential = await activeCredentialById(db, subject.credentialId);
      if (!credential || credential.userId !== subject.sellerId) return null;
      const now = Date.now();
      if (!credential.lastUsedAt || now - credential.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
        await touchCredential(db, credential.id);
      }
      return { ...subject, sellerId: credential.userId };
    },
  };
}
