/**
 * Query keys of the account page (TanStack Query), per user: a cache never shows one account's data to
 * the next person who signs in on the same tab.
 */
export const accountKeys = {
  all: (userId: string) => ['account', userId] as const,
  profile: (userId: string) => ['account', userId, 'profile'] as const,
  addresses: (userId: string) => ['account', userId, 'addresses'] as const,
};
