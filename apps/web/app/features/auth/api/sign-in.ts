import type { LoginAnswer, LoginBody } from '@shop/contracts/auth';
import { api } from '../../../lib/http.ts';

/** docs/product.md §7 POST auth/login: the token set and (docs/architecture.md §5) the real user. */
export function signIn(body: LoginBody): Promise<LoginAnswer> {
  return api.post('auth/login', { json: body }).json<LoginAnswer>();
}
