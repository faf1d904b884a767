import type {
  CreateCategoryInput,
  CreateFeaturedCardInput,
  CreateSubcategoryBody,
  UpdateCategoryInput,
  UpdateFeaturedCardBody,
  UpdateSubcategoryBody,
} from '@shop/contracts/admin-categories';
import { adminCategory, adminCategoryList } from '@shop/contracts/admin-categories';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi, noContent } from '../../admin/index.ts';

/** The category list; the product form's choices (admin-catalog's `product-options`) name categories too. */
const categoriesRoot = ['admin', 'categories'] as const;
const productOptionsKey = ['admin', 'product-options'] as const;

/** GET /api/admin/categories: every category in menu order with its subcategories and counts. */
export const categoriesQuery = () =>
  queryOptions({
    queryKey: [...categoriesRoot, 'list'],
    queryFn: ({ signal }) => adminApi.get(adminCategoryList, 'categories', undefined, signal),
  });

export const useCategories = () => useQuery(categoriesQuery());

/** A change to the tree: once it is saved, the list and the product form's choices are read again. */
function useCategoryMutation<V, T>(mutationFn: (vars: V) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: categoriesRoot }),
        client.invalidateQueries({ queryKey: productOptionsKey }),
      ]),
  });
}

/** POST /api/admin/categories, or PATCH /api/admin/categories/:id for one being edited. */
export const useSaveCategory = () =>
  useCategoryMutation(({ id, body }: { id?: string; body: CreateCategoryInput | UpdateCategoryInput }) =>
    id ? adminApi.patch(adminCategory, `categories/${id}`, body) : adminApi.post(adminCategory, 'categories', body),
  );

/** DELETE /api/admin/categories/:id, its products moved to `moveTo` when it has any. */
export const useDeleteCategory = () =>
  useCategoryMutation(({ id, moveTo }: { id: string; moveTo?: string }) =>
    adminApi.delete(noContent, `categories/${id}${moveTo ? `?move_to=${encodeURIComponent(moveTo)}` : ''}`),
  );

/** PUT /api/admin/categories/order. */
export const useOrderCategories = () =>
  useCategoryMutation((ids: string[]) => adminApi.put(adminCategoryList, 'categories/order', { ids }));

/** POST, PATCH or DELETE of a subcategory, and PUT of a category's subcategory order. */
export const useAddSubcategory = () =>
  useCategoryMutation(({ categoryId, body }: { categoryId: string; body: CreateSubcategoryBody }) =>
    adminApi.post(adminCategory, `categories/${categoryId}/subcategories`, body),
  );
export const useSaveSubcategory = () =>
  useCategoryMutation(({ categoryId, id, body }: { categoryId: string; id: number; body: UpdateSubcategoryBody }) =>
    adminApi.patch(adminCategory, `categories/${categoryId}/subcategories/${id}`, body),
  );
export const useDeleteSubcategory = () =>
  useCategoryMutation(({ categoryId, id }: { categoryId: string; id: number }) =>
    adminApi.delete(adminCategory, `categories/${categoryId}/subcategories/${id}`),
  );
export const useOrderSubcategories = () =>
  useCategoryMutation(({ categoryId, ids }: { categoryId: string; ids: number[] }) =>
    adminApi.put(adminCategory, `categories/${categoryId}/subcategories/order`, { ids }),
  );

/** POST, PATCH or DELETE of a featured card of a category's menu panel, and PUT of their order. */
export const useAddFeaturedCard = () =>
  useCategoryMutation(({ categoryId, body }: { categoryId: string; body: CreateFeaturedCardInput }) =>
    adminApi.post(adminCategory, `categories/${categoryId}/featured`, body),
  );
export const useSaveFeaturedCard = () =>
  useCategoryMutation(({ categoryId, id, body }: { categoryId: string; id: number; body: UpdateFeaturedCardBody }) =>
    adminApi.patch(adminCategory, `categories/${categoryId}/featured/${id}`, body),
  );
export const useDeleteFeaturedCard = () =>
  useCategoryMutation(({ categoryId, id }: { categoryId: string; id: number }) =>
    adminApi.delete(adminCategory, `categories/${categoryId}/featured/${id}`),
  );
export const useOrderFeaturedCards = () =>
  useCategoryMutation(({ categoryId, ids }: { categoryId: string; ids: number[] }) =>
    adminApi.put(adminCategory, `categories/${categoryId}/featured/order`, { ids }),
  );
