import type { UpdateProfileBody } from '@shop/contracts/account';
import type { PublicUser } from '@shop/contracts/auth';
import { publicUser } from '@shop/contracts/auth';
import type { Profile } from '@shop/contracts/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';
import { rememberUser } from '../remember-user.ts';
import { accountKeys } from './account-keys.ts';

/** PATCH users/me: names and username; answers the updated user. */
export function updateProfile(body: UpdateProfileBody): Promise<PublicUser> {
  return api.patch('users/me', { json: body }).json().then(contract(publicUser));
}

/** Saves the profile; the page's profile and the stored session user follow the answer. */
export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData<Profile>(accountKeys.profile(userId), (old) => (old ? { ...old, ...user } : old));
      rememberUser(user);
    },
  });
}
