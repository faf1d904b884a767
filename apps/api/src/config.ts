import path from 'node:path';
import { z } from 'zod';
import { isCommonPassword } from './lib/passwords.ts';

/**
 * The one place that reads process.env (STYLE 1). Every setting of DESIGN §4, validated at start:
 * a bad value names the field and stops the process.
 */
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(`${p}:`)), {
      message: `must start with ${protocols.map((p) => `${p}:`).join(' or ')}`,
    });

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  PUBLIC_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(12, 'must be at least 12 characters')
    // issue 10 point 8: the first admin is held to the common-password list like everyone else.
    .refine((p) => !isCommonPassword(p), 'is a common password: choose one that is harder to guess')
    .optional(),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  SEED: z.enum(['demo', 'none']).default('demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Multiplies every per-client rate limit (auth, forms): raise it where many users share one address. */
  RATE_LIMIT_SCALE: z.coerce.number().min(1).max(10_000).default(1),
  DEMO_LOADER_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(0),
  /** Where the built web app lives; tests and bench point elsewhere. */
  WEB_BUILD_DIR: z.string().default(path.resolve(import.meta.dirname, '../../web/build')),
});

export type Config = z.infer<typeof schema> & { dataDir: string };

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}

export class ConfigError extends Error {}
