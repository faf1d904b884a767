import type { Role } from '@shop/contracts/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors.ts';
import type { AccessClaims, TokenSigner } from '../modules/auth/tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` / `optionalUser` from the bearer access token. */
    user?: AccessClaims;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * preHandlers that read the access token. The user always comes from the token, never the body.
 * `activeRole` (one primary-key lookup) makes the account as stored now decide: a still-valid token of
 * an account disabled or deleted since it was signed is refused, and a demoted admin's token carries
 * only the role the account has now (issue 5).
 */
export function authGuards(signer: TokenSigner, activeRole?: (userId: string) => Promise<Role | null>) {
  async function claimsOf(token: string) {
    const claims = await signer.verifyAccess(token);
    if (!claims) throw unauthorized('Your session is invalid or has expired');
    if (!activeRole) return claims;
    const role = await activeRole(claims.userId);
    if (!role) throw unauthorized('Your session is invalid or has expired');
    return { ...claims, role };
  }

  async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearer(request);
    if (!token) throw unauthorized();
    request.user = await claimsOf(token);
  }

  async function optionalUser(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearer(request);
    if (!token) return;
    request.user = await claimsOf(token);
  }

  function requireRole(...roles: Role[]) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      await authenticate(request, reply);
      if (!request.user || !roles.includes(request.user.role)) throw forbidden();
    };
  }

  return { authenticate, optionalUser, requireRole };
}
export type AuthGuards = ReturnType<typeof authGuards>;

/** The signed-in user's id; only call behind `authenticate`. */
export function currentUserId(request: FastifyRequest): string {
  if (!request.user) throw unauthorized();
  return request.user.userId;
}
