import { hash, verify } from '@node-rs/argon2';

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
