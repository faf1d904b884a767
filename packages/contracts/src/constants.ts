/** Business constants and limits of docs/product.md §9, shared by the API and the web app. */
export const HTTP = {
  timeoutMs: 20_000,
  retries: 3,
  /** Delay before retry n (1-based) in ms: the attempt number in seconds (docs/product.md §9). */
  retryDelayMs: (attempt: number) => attempt * 1000,
} as const;

export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;

export const DELAYS = {
  loginRedirectMs: 1000,
  signupRedirectMs: 2000,
  formErrorMs: 2000,
  notFoundRedirectS: 10,
  menuCloseMs: 200,
  tipRotationMs: 2000,
  errorRetryWaitMs: 2000,
} as const;

export const TOAST = {
  successMs: 2000,
  errorMs: 4000,
  blankMs: 4000,
  limit: 20,
  removeDelayMs: 1000,
} as const;

export const PASSWORD_MIN_LENGTH = 8;

/** Storage key of the auth session in localStorage (docs/product.md §3). */
export const AUTH_STORAGE_KEY = 'auth';

export const PAGE = { defaultLimit: 20, maxLimit: 100 } as const;

/** Largest quantity one cart line may hold. */
export const MAX_LINE_QUANTITY = 999;

export const TOKENS = {
  accessTtlSeconds: 15 * 60,
  refreshAbsoluteTtlSeconds: 30 * 24 * 60 * 60,
  passwordResetTtlSeconds: 60 * 60,
  /** A link confirming a new sign-in e-mail. */
  emailChangeTtlSeconds: 24 * 60 * 60,
  issuer: 'shop',
  audience: 'shop-api',
} as const;
