import type { Role } from '@shop/contracts/auth';
import { TOKENS } from '@shop/contracts/constants';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../lib/clock.ts';

/** What an access token proves. */
export interface AccessClaims {
  userId: string;
  role: Role;
  /**
   * The session (refresh family) the token was issued in, claim `sid`. The guards check on every
   * request that it is still open, so ending a session ends its access tokens at once (issue 10 point 4).
   */
  sessionId: string;
}

const ALG = 'HS256';
const ACCESS_TYPE = 'access';

/**
 * Access tokens: HS256 JWTs with a fixed algorithm, issuer, audience and token type (`typ: access`),
 * 15 minutes. Refresh tokens are opaque and never JWTs, so one can never pass for the other.
 */
export function createTokenSigner(secret: string, clock: Clock) {
  const key = new TextEncoder().encode(secret);
  return {
    async signAccess(claims: AccessClaims): Promise<string> {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ role: claims.role, sid: claims.sessionId, typ: ACCESS_TYPE })
        .setProtectedHeader({ alg: ALG, typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(TOKENS.issuer)
        .setAudience(TOKENS.audience)
        .setIssuedAt(now)
        .setExpirationTime(now + TOKENS.accessTtlSeconds)
        .sign(key);
    },

    /** Resolves to the claims, or `null` for any token that is not a valid, current access token. */
    async verifyAccess(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALG],
          issuer: TOKENS.issuer,
          audience: TOKENS.audience,
          currentDate: clock.now(),
          requiredClaims: ['sub', 'exp', 'iat', 'sid'],
        });
        const { typ, sub, sid, role } = payload;
        if (typ !== ACCESS_TYPE || typeof sub !== 'string' || typeof sid !== 'string') return null;
        if (role !== 'customer' && role !== 'staff' && role !== 'admin') return null;
        return { userId: sub, role, sessionId: sid };
      } catch (err) {
        if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
        throw err;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
