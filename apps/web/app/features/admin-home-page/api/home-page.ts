import type { HomePage, HomePageInput, ResolvedHomePage } from '@shop/contracts/home-page';
import { adminHomePage, resolvedHomePage } from '@shop/contracts/home-page';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';

const root = ['admin', 'home-page'] as const;

/** GET /api/admin/home-page: the sections shoppers see now. */
export const homePageQuery = () =>
  queryOptions({
    queryKey: [...root, 'saved'],
    queryFn: ({ signal }) => adminApi.get(adminHomePage, 'home-page', undefined, signal),
  });

export const useHomePage = () => useQuery(homePageQuery());

/** PUT /api/admin/home-page: replaces the whole list; the storefront shows it at once. */
export function useSaveHomePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: HomePageInput) => adminApi.put(adminHomePage, 'home-page', body),
    onSuccess: (saved) => client.setQueryData(homePageQuery().queryKey, saved),
  });
}

/** DELETE /api/admin/home-page: forgets the saved sections; the home is the neutral one again. */
export function useResetHomePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => adminApi.delete(adminHomePage, 'home-page'),
    onSuccess: (neutral) => client.setQueryData(homePageQuery().queryKey, neutral),
  });
}

/** A preview answer with the sections it was asked for, in the same order. */
export interface PreviewAnswer {
  asked: HomePage;
  sections: ResolvedHomePage['sections'];
}

/**
 * POST /api/admin/home-page/preview: the categories and products `body`'s sections show, and a rich
 * text as the server keeps it, nothing saved. Kept for a minute per distinct body, and the last answer
 * stays on screen while the next one loads.
 */
export function usePreviewHomePage(body: HomePage | null) {
  return useQuery({
    queryKey: [...root, 'preview', body],
    queryFn: async (): Promise<PreviewAnswer> => {
      if (!body) throw new Error('nothing to preview');
      const answer = await adminApi.post(resolvedHomePage, 'home-page/preview', body);
      return { asked: body, sections: answer.sections };
    },
    enabled: body !== null,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
}
