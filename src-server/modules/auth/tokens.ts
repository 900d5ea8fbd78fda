import { createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { type TokenClaims, tokenClaimsSchema } from '../../../shared/contract/auth.ts';

/** The one signing algorithm; verification refuses any other, `none` included. */
export const TOKEN_ALGORITHM = 'HS256';
export const TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;
export const TOKEN_ISSUER = 'ironsight';

/** What a session token carries besides its issue and expiry times (see docs/security.md). */
export type TokenPayload = Omit<TokenClaims, 'iat' | 'exp'>;

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function signToken(
  payload: TokenPayload,
  secret: string,
  now: Date = new Date(),
  lifetimeSeconds: number = TOKEN_LIFETIME_SECONDS,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ...payload })
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
    .setIssuer(TOKEN_ISSUER)
    .setSubject(payload.unique_name)
    .setIssuedAt(iat)
    .setExpirationTime(iat + Math.min(lifetimeSeconds, TOKEN_LIFETIME_SECONDS))
    .sign(keyOf(secret));
}

/** Clock difference tolerated between server instances when checking the issue time. */
const CLOCK_TOLERANCE_SECONDS = 30;

/**
 * Verifies signature, algorithm, issuer and expiry; answers null for any token that is not ours and
 * current. A token must carry its issue time and is refused once it is older than the token lifetime,
 * whatever its `exp` says, and when it claims to be issued in the future.
 */
export async function verifyToken(token: string, secret: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [TOKEN_ALGORITHM],
      issuer: TOKEN_ISSUER,
      maxTokenAge: TOKEN_LIFETIME_SECONDS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
    const claims = tokenClaimsSchema.safeParse(payload);
    return claims.success ? claims.data : null;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

/**
 * Single-purpose tokens (e.g. the unfreeze ticket of a 402 sign-in) are signed with a key derived
 * for that purpose, so one can never pass as a session token, nor a session token as one.
 */
export const purposeKey = (secret: string, purpose: string) =>
  new Uint8Array(createHmac('sha256', secret).update(`ironsight purpose token: ${purpose}`).digest());

export async function signPurposeToken(
  purpose: string,
  subject: string,
  secret: string,
  lifetimeSeconds: number,
  now: Date = new Date(),
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(purpose)
    .setSubject(subject)
    .setIssuedAt(iat)
    .setExpirationTime(iat + lifetimeSeconds)
    .sign(purposeKey(secret, purpose));
}

/** The subject of a valid token of this purpose, or null. */
export async function verifyPurposeToken(
  token: string,
  purpose: string,
  secret: string,
): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, purposeKey(secret, purpose), {
      algorithms: [TOKEN_ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: purpose,
    });
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
