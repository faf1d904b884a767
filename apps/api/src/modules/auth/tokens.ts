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
   * request that it is still open, so ending a session ends its access tokens at once.
   */
  sessionId: string;
}

const ALG = 'HS256';
const ACCESS_TYPE = 'access';
/** A cookie that lets a staff session see the storefront during maintenance. */
const PREVIEW_TYPE = 'preview';
/** A working day: the cookie is renewed whenever the maintenance page sees a staff session again. */
export const PREVIEW_TTL_SECONDS = 12 * 60 * 60;

/**
 * Access tokens: HS256 JWTs with a fixed algorithm, issuer, audience and token type (`typ: access`),
 * 15 minutes. Refresh tokens are opaque and never JWTs, so one can never pass for the other.
 */
export function createTokenSigner(secret: string, clock: Clock) {
  // Imported once: given the raw bytes, jose imports an HMAC key on every sign and verify,
  // which doubled the CPU of checking the token that every signed-in request carries.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    signAccess(claims: AccessClaims): Promise<string> {
      return sign(claims, ACCESS_TYPE, TOKENS.accessTtlSeconds);
    },

    /**
     * The storefront preview token of a staff session (ADR 016): same claims as an
     * access token but its own type, so neither can pass for the other; it opens nothing but pages.
     */
    signPreview(claims: AccessClaims): Promise<string> {
      return sign(claims, PREVIEW_TYPE, PREVIEW_TTL_SECONDS);
    },

    /** The claims of a valid preview token, or `null`. */
    verifyPreview(token: string): Promise<AccessClaims | null> {
      return verify(token, PREVIEW_TYPE);
    },

    /** Resolves to the claims, or `null` for any token that is not a valid, current access token. */
    verifyAccess(token: string): Promise<AccessClaims | null> {
      return verify(token, ACCESS_TYPE);
    },
  };

  async function sign(claims: AccessClaims, type: string, ttlSeconds: number): Promise<string> {
    const now = Math.floor(clock.now().getTime() / 1000);
    return new SignJWT({ role: claims.role, sid: claims.sessionId, typ: type })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(TOKENS.issuer)
      .setAudience(TOKENS.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(await key);
  }

  async function verify(token: string, type: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await key, {
        algorithms: [ALG],
        issuer: TOKENS.issuer,
        audience: TOKENS.audience,
        currentDate: clock.now(),
        requiredClaims: ['sub', 'exp', 'iat', 'sid'],
      });
      const { typ, sub, sid, role } = payload;
      if (typ !== type || typeof sub !== 'string' || typeof sid !== 'string') return null;
      if (role !== 'customer' && role !== 'staff' && role !== 'admin') return null;
      return { userId: sub, role, sessionId: sid };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
      throw err;
    }
  }
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
