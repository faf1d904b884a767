import type { LoginAnswer } from '@shop/contracts/auth';

/** Ends a session the browser never kept (e.g. a customer refused at the admin login). */
export async function revokeSession(answer: LoginAnswer): Promise<void> {
  await fetch('/api/auth/logout', {
    method: 'POST',
    headers: { authorization: `Bearer ${answer.access}`, 'content-type': 'application/json' },
    body: JSON.stringify({ refreshToken: answer.refresh }),
  }).catch(() => undefined);
}
