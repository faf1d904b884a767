import type { ContentPage } from '@shop/contracts/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi, backOfficeKey } from '../../admin/index.ts';

/** GET /api/admin/content-pages: the footer pages staff edit. */
export const contentPagesQuery = () =>
  queryOptions({
    queryKey: backOfficeKey('content-pages'),
    queryFn: ({ signal }) => adminApi.get<{ items: ContentPage[] }>('content-pages', undefined, signal),
  });

export const useContentPages = () => useQuery(contentPagesQuery());
