import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A value kept in DATA_DIR across restarts (JWT secret when JWT_SECRET is unset). */
export function persistentSecret(dataDir: string, name: string, bytes = 48): string {
  const file = path.join(dataDir, name);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const value = randomBytes(bytes).toString('base64url');
  fs.writeFileSync(file, value, { mode: 0o600, flag: 'wx' });
  return value;
}

/** An opaque random token for the client and the SHA-256 hash we store in its place. */
export function opaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
