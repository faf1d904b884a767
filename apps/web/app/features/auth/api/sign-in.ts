import type { LoginAnswer, LoginBody } from '@shop/contracts/auth';
import { loginAnswer } from '@shop/contracts/auth';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';

/** docs/product.md §7 POST auth/login: the token set and (docs/architecture.md §5) the real user. */
export function signIn(body: LoginBody): Promise<LoginAnswer> {
  return api.post('auth/login', { json: body }).json().then(contract(loginAnswer));
}
