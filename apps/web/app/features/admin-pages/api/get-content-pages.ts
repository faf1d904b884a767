import { adminContentPageList } from '@shop/contracts/admin-pages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi, backOfficeKey } from '../../admin/index.ts';

/** GET /api/admin/content-pages: the footer pages staff edit. */
export const contentPagesQuery = () =>
  queryOptions({
    queryKey: backOfficeKey('content-pages'),
    queryFn: ({ signal }) => adminApi.get(adminContentPageList, 'content-pages', undefined, signal),
  });

export const useContentPages = () => useQuery(contentPagesQuery());
