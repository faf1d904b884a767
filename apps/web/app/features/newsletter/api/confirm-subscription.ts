import { api } from '../../../lib/http.ts';

/** POST /api/newsletter/confirm with the token of the mailed link. */
export function confirmSubscription(token: string): Promise<{ message: string }> {
  return api.post('newsletter/confirm', { json: { token } }).json<{ message: string }>();
}
