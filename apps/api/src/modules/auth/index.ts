/** The auth module's public face: other modules, services.ts and app.ts import only from here. */
export { AUTH_MSG } from './messages.ts';
export { AUTH_RATE_LIMITS } from './rate-limits.ts';
export { activeSessionRoleSql, byEmail, endSessionsAndLinks } from './repository.ts';
export { authRoutes } from './routes.ts';
export {
  type AccountDisabled,
  type AuthFailure,
  type AuthService,
  createAuthService,
  type SessionInvalid,
  type UsernameTaken,
} from './service.ts';
export { type AccessClaims, createTokenSigner, PREVIEW_TTL_SECONDS, type TokenSigner } from './tokens.ts';
export { toPublicUser, type UserRow } from './wire.ts';
