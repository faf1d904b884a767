import { z } from 'zod';

/** The one error shape of every API answer that is not a success (docs/architecture.md §5). */
export const errorBody = z.object({
  message: z.string(),
  code: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  badRequest: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  /** 405: a method the shop never answers (TRACE, PROPFIND, …). */
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  conflict: 'CONFLICT',
  business: 'UNPROCESSABLE',
  /** 402: the card was declined; the cart is kept. */
  paymentDeclined: 'PAYMENT_DECLINED',
  rateLimited: 'RATE_LIMITED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unavailable: 'SERVICE_UNAVAILABLE',
  /** 503: the database's disk (or the shop's) is full; nothing was changed, a retry later may succeed. */
  storageFull: 'STORAGE_FULL',
  internal: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
