import type { RegisterBody } from '@shop/contracts/auth';
import { api } from '../../../lib/http.ts';

/** docs/product.md §7 POST auth/register: only an optional message is read. */
export async function signUp(body: RegisterBody): Promise<{ message?: string }> {
  const answer = await api.post('auth/register', { json: body }).json<{ message?: string } | ''>();
  return answer || {};
}
