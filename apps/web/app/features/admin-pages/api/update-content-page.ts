import { adminContentPage, type ContentPageUpdateBody } from '@shop/contracts/admin-pages';
import { adminApi, useBackOfficeMutation } from '../../admin/index.ts';

/** PUT /api/admin/content-pages/:slug: a page's title, description and body. */
export const useUpdateContentPage = (slug: string) =>
  useBackOfficeMutation((body: ContentPageUpdateBody) => adminApi.put(adminContentPage, `content-pages/${slug}`, body));
