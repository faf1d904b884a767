import type { ContentPageUpdateBody } from '@shop/contracts/admin-pages';
import type { ContentPage } from '@shop/contracts/content';
import { adminApi, useBackOfficeMutation } from '../../admin/index.ts';

/** PUT /api/admin/content-pages/:slug: a page's title, description and body. */
export const useUpdateContentPage = (slug: string) =>
  useBackOfficeMutation((body: ContentPageUpdateBody) => adminApi.put<ContentPage>(`content-pages/${slug}`, body));
