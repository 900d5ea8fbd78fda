import { errors, jwtVerify, SignJWT } from 'jose';

/** The one signing algorithm; verification refuses any other, `none` included. */
export const TOKEN_ALGORITHM = 'HS256';
export const TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;
export const TOKEN_ISSUER = 'ironsight';

export interface TokenClaims {
  role: string | string[];
  status: string;
  unique_name: string;
  email: string;
  given_name: string;
  family_name: string;
  userOptions: string;
  accountOptions: string;
  sellerDisplayName: string;
  phoneNumber: string;
  /** Issued-at, seconds. */
  iat: number;
  exp: number;
}

export type TokenPayload = Omit<TokenClaims, 'iat' | 'exp'>;

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function signToken(
  payload: TokenPayload,
  secret: string,
  now: Date = new Date(),
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ...payload })
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
    .setIssuer(TOKEN_ISSUER)
    .setSubject(payload.unique_name)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_LIFETIME_SECONDS)
    .sign(keyOf(secret));
}

/** Verifies signature, algorithm, issuer and expiry; answers null for any token that is not ours and current. */
export async function verifyToken(token: string, secret: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [TOKEN_ALGORITHM],
      issuer: TOKEN_ISSUER,
    });
    if (typeof payload.unique_name !== 'string' || typeof payload.exp !== 'number') return null;
    return payload as unknown as TokenClaims;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
