import { createRequire } from 'node:module';
import { hash, verify } from '@node-rs/argon2';
import { ERROR_CODES } from '@shop/contracts/errors';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/** argon2id with OWASP's recommended floor (19 MiB, 2 passes). `@node-rs/argon2` defaults to argon2id. */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the user does not exist, so timing does not reveal which e-mails exist. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('not-a-real-password-Aa1');
  return dummy;
}

/** The answer to a password on the common-password list. */
export const COMMON_PASSWORD_MSG = 'This password is too common. Choose one that is harder to guess.';

let commonPasswords: Set<string> | undefined;

/**
 * Whether the password is on the list of common passwords, case-insensitively.
 * The list is zxcvbn-ts's ~49,000 most used passwords, shipped as data in an npm package and read
 * once, on first use, on the server only.
 */
export function isCommonPassword(password: string): boolean {
  if (!commonPasswords) {
    const require = createRequire(import.meta.url);
    const { dictionary } = require('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common');
    commonPasswords = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  }
  return commonPasswords.has(password.toLowerCase());
}

/**
 * A preHandler for routes that set a password: a common one is refused like any invalid field, a 400
 * naming the field, so forms show the message under it. Runs after the body schema.
 */
export function refuseCommonPassword(field: string) {
  return async (request: FastifyRequest) => {
    const password = (request.body as Record<string, unknown> | undefined)?.[field];
    if (typeof password !== 'string' || !isCommonPassword(password)) return;
    throw new AppError(400, ERROR_CODES.validation, COMMON_PASSWORD_MSG, {
      issues: [{ path: `body.${field}`, message: COMMON_PASSWORD_MSG }],
    });
  };
}
