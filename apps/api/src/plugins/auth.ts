import type { Role } from '@shop/contracts/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors.ts';
import type { AccessClaims, TokenSigner } from '../modules/auth/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the guards below from the bearer access token. */
    user?: AccessClaims;
    /**
     * Set by `signedToken` only: the claims of a correctly signed, unexpired access token whose session
     * the route's own statement still has to confirm. Never a signed-in user by itself.
     */
    unconfirmed?: AccessClaims;
  }
}

/** auth's AUTH_MSG.sessionInvalid (a value import of the auth module would make an import cycle). */
const SESSION_INVALID = 'Your session is invalid or has expired';

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * preHandlers that read the access token. The user always comes from the token, never the body.
 * `activeSession` (one indexed lookup) makes the account and the session as stored now decide: a
 * still-valid token of a disabled or deleted account, or of a session that was logged out or revoked
 * (password change or reset, admin action) since it was signed, is refused; a demoted admin's token
 * carries only the role the account has now.
 */
export function authGuards(signer: TokenSigner, activeSession: (claims: AccessClaims) => Promise<Role | null>) {
  /** The token's claims with the role as stored now; null when the token or its session is not valid. */
  async function claimsOf(token: string): Promise<AccessClaims | null> {
    const claims = await signer.verifyAccess(token);
    const role = claims && (await activeSession(claims));
    return claims && role ? { ...claims, role } : null;
  }

  async function validClaims(token: string): Promise<AccessClaims> {
    const claims = await claimsOf(token);
    if (!claims) throw unauthorized(SESSION_INVALID);
    return claims;
  }

  async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearer(request);
    if (!token) throw unauthorized();
    request.user = await validClaims(token);
  }

  async function optionalUser(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearer(request);
    if (!token) return;
    request.user = await validClaims(token);
  }

  /**
   * For calls that a token of their own authorises (an e-mail confirmation link): a valid bearer token
   * tells who is calling, an invalid or stale one is ignored instead of refused, so a browser holding
   * an old session can still follow the link.
   */
  async function userIfValid(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearer(request);
    if (!token) return;
    request.user = (await claimsOf(token)) ?? undefined;
  }

  /**
   * For a route whose service confirms the session inside its one statement (add-to-cart,
   * `activeSessionRoleSql`), so the request costs no round trip of its own for it. Here only what needs
   * no database: a missing, forged or expired token is refused as `authenticate` refuses it. The
   * service answers `session_ended` (401, the same message) for a session ended or an account disabled
   * or deleted since, before it changes anything.
   */
  async function signedToken(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearer(request);
    if (!token) throw unauthorized();
    const claims = await signer.verifyAccess(token);
    if (!claims) throw unauthorized(SESSION_INVALID);
    request.unconfirmed = claims;
  }

  function requireRole(...roles: Role[]) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      await authenticate(request, reply);
      if (!request.user || !roles.includes(request.user.role)) throw forbidden();
    };
  }

  return { authenticate, optionalUser, userIfValid, signedToken, requireRole };
}
export type AuthGuards = ReturnType<typeof authGuards>;

/** The signed-in user's id; only call behind `authenticate`. */
export function currentUserId(request: FastifyRequest): string {
  if (!request.user) throw unauthorized();
  return request.user.userId;
}

/** The session (refresh family) of the signed-in request's access token; only call behind `authenticate`. */
export function currentSessionId(request: FastifyRequest): string {
  if (!request.user) throw unauthorized();
  return request.user.sessionId;
}

/**
 * The claims `signedToken` left, for the service whose statement confirms them; only call
 * behind `signedToken`.
 */
export function unconfirmedClaims(request: FastifyRequest): AccessClaims {
  if (!request.unconfirmed) throw unauthorized();
  return request.unconfirmed;
}
