import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/http.ts';

/** DELETE users/me {password}: 204; orders stay, anonymised. */
export async function deleteAccount(password: string): Promise<void> {
  await api.delete('users/me', { json: { password } });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
