import { api } from '../../../lib/http.ts';

export function requestPasswordReset(email: string): Promise<{ message: string }> {
  return api.post('auth/forgot-password', { json: { email } }).json<{ message: string }>();
}
