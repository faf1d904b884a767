import { TOKENS } from '@shop/contracts/constants';
import fc from 'fast-check';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { createTokenSigner } from './tokens.ts';

const SECRET = 'unit-test-secret-that-is-long-enough-0123456789';
const USER = '6f1c2b7e-3d4a-4c5b-9e8f-0a1b2c3d4e5f';
const SESSION = '0d9e8f7a-6b5c-4d3e-8f1a-2b3c4d5e6f70';
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

function setup() {
  const clock = manualClock(new Date('2030-01-01T00:00:00Z'));
  return { clock, signer: createTokenSigner(SECRET, clock) };
}

/** A token signed with `secret`, built like ours unless a field is overridden. */
async function forge(
  clock: { now(): Date },
  over: {
    iss?: string;
    aud?: string;
    typ?: unknown;
    role?: unknown;
    sub?: string;
    sid?: unknown;
    secret?: string;
    exp?: number;
  } = {},
) {
  const now = Math.floor(clock.now().getTime() / 1000);
  const sid = 'sid' in over ? over.sid : SESSION;
  const jwt = new SignJWT({ role: over.role ?? 'customer', typ: over.typ ?? 'access', ...(sid ? { sid } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(over.iss ?? TOKENS.issuer)
    .setAudience(over.aud ?? TOKENS.audience)
    .setIssuedAt(now)
    .setExpirationTime(over.exp ?? now + 60);
  if (over.sub !== '') jwt.setSubject(over.sub ?? USER);
  return jwt.sign(new TextEncoder().encode(over.secret ?? SECRET));
}

describe('createTokenSigner', () => {
  it('signs HS256 access tokens with issuer, audience, type, session and a 15-minute lifetime', async () => {
    const { clock, signer } = setup();
    const token = await signer.signAccess({ userId: USER, role: 'admin', sessionId: SESSION });
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = decodeJwt(token);
    const now = clock.now().getTime() / 1000;
    expect(claims).toEqual({
      sub: USER,
      role: 'admin',
      sid: SESSION,
      typ: 'access',
      iss: TOKENS.issuer,
      aud: TOKENS.audience,
      iat: now,
      exp: now + 15 * 60,
    });
    expect(await signer.verifyAccess(token)).toEqual({ userId: USER, role: 'admin', sessionId: SESSION });
  });

  it('accepts a token until its expiry second and refuses it from then on', async () => {
    const { clock, signer } = setup();
    const token = await signer.signAccess({ userId: USER, role: 'customer', sessionId: SESSION });
    clock.advance(TOKENS.accessTtlSeconds * 1000 - 1000);
    expect(await signer.verifyAccess(token)).not.toBeNull();
    clock.advance(1000);
    expect(await signer.verifyAccess(token)).toBeNull();
  });

  it('accepts a forged-like-ours token (control for the refusals below)', async () => {
    const { clock, signer } = setup();
    expect(await signer.verifyAccess(await forge(clock))).toEqual({
      userId: USER,
      role: 'customer',
      sessionId: SESSION,
    });
  });

  it.each([
    ['another issuer', { iss: 'evil' }],
    ['another audience', { aud: 'other-api' }],
    ['another token type', { typ: 'refresh' }],
    ['no token type', { typ: 1 }],
    ['an unknown role', { role: 'root' }],
    ['no subject', { sub: '' }],
    // A token that names no session cannot be ended by ending a session.
    ['no session', { sid: undefined }],
    ['a session that is not a string', { sid: 42 }],
    ['another key', { secret: 'another-secret-that-is-long-enough-0123456789' }],
  ])('refuses %s', async (_label, over) => {
    const { clock, signer } = setup();
    expect(await signer.verifyAccess(await forge(clock, over))).toBeNull();
  });

  it('refuses unsigned (alg: none) and other-algorithm tokens', async () => {
    const { clock, signer } = setup();
    const now = Math.floor(clock.now().getTime() / 1000);
    const claims = {
      sub: USER,
      role: 'admin',
      sid: SESSION,
      typ: 'access',
      iss: TOKENS.issuer,
      aud: TOKENS.audience,
      iat: now,
      exp: now + 60,
    };
    expect(await signer.verifyAccess(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`)).toBeNull();
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new TextEncoder().encode(SECRET.repeat(2)));
    expect(await signer.verifyAccess(hs512)).toBeNull();
  });

  it('refuses a token whose claims were changed after signing', async () => {
    const { signer } = setup();
    const [header, payload, signature] = (
      await signer.signAccess({ userId: USER, role: 'customer', sessionId: SESSION })
    ).split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    expect(await signer.verifyAccess(`${header}.${b64({ ...claims, role: 'admin' })}.${signature}`)).toBeNull();
  });

  it('answers null, never throws, for arbitrary strings', async () => {
    const { signer } = setup();
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (s) => {
        expect(await signer.verifyAccess(s)).toBeNull();
      }),
      { numRuns: 200 },
    );
  });

  it('keeps preview tokens and access tokens apart, and ends a preview after 12 hours', async () => {
    const { clock, signer } = setup();
    const claims = { userId: USER, role: 'staff' as const, sessionId: SESSION };
    const preview = await signer.signPreview(claims);
    const access = await signer.signAccess(claims);
    expect(await signer.verifyPreview(preview)).toEqual(claims);
    expect(await signer.verifyAccess(preview)).toBeNull();
    expect(await signer.verifyPreview(access)).toBeNull();
    clock.advance(12 * 60 * 60 * 1000);
    expect(await signer.verifyPreview(preview)).toBeNull();
  });
});
