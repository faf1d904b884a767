import type { AdminCategory, AdminSubcategory } from '@shop/contracts/admin-categories';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button.tsx';
import { plural } from '../../../lib/plural.ts';
import { AdminPage, Panel, QueryState } from '../../admin/index.ts';
import { useCategories, useDeleteSubcategory, useOrderCategories, useOrderSubcategories } from '../api/categories.ts';
import { CategoryDialog } from './category-dialog.tsx';
import { DeleteCategoryDialog } from './delete-category-dialog.tsx';
import { FeaturedCards } from './featured-cards.tsx';
import { SubcategoryDialog } from './subcategory-dialog.tsx';
import { moved, UpDown } from './up-down.tsx';

type Editing =
  | { kind: 'category'; category: AdminCategory | null }
  | { kind: 'delete'; category: AdminCategory }
  | { kind: 'subcategory'; category: AdminCategory; subcategory: AdminSubcategory | null };

/**
 * Admin › Categories: the shop's categories in menu order with their subcategories — create, rename,
 * reorder, move, delete — and what each one's panel in the storefront's menu shows.
 */
export function CategoriesPage() {
  const query = useCategories();
  const order = useOrderCategories();
  const orderSubs = useOrderSubcategories();
  const removeSub = useDeleteSubcategory();
  const [editing, setEditing] = useState<Editing | null>(null);
  const failed = (e: Error) => toast.error(e.message);

  function onDeleteSubcategory(category: AdminCategory, sub: AdminSubcategory) {
    const products =
      sub.product_count > 0
        ? ` Its ${plural(sub.product_count, 'product stays', 'products stay')} in ${category.name}.`
        : '';
    if (!window.confirm(`Delete the subcategory ${sub.name}?${products}`)) return;
    removeSub.mutate(
      { categoryId: category.id, id: sub.id },
      { onSuccess: () => toast.success(`${sub.name} deleted`), onError: failed },
    );
  }

  return (
    <AdminPage
      title="Categories"
      description="How the shop's products are arranged: the category menu, the listing's filters and the product form follow this list."
      actions={
        <Button onClick={() => setEditing({ kind: 'category', category: null })}>
          <Plus className="size-4" aria-hidden="true" /> New category
        </Button>
      }
    >
      <QueryState query={query}>
        {({ items }) =>
          items.length === 0 ? (
            <p className="text-slate-600 text-sm">No categories yet: create the first one.</p>
          ) : (
            <ol className="grid gap-4" aria-label="Categories in menu order">
              {items.map((category, index) => (
                <li key={category.id}>
                  <Panel>
                    <div className="flex flex-wrap items-start justify-between gap-3">
                      <div>
                        <h2 className="font-semibold text-lg">{category.name}</h2>
                        <p className="text-slate-600 text-sm">
                          /products/category/{category.id} · {plural(category.product_count, 'product', 'products')}
                          {category.offer ? ` · offer: ${category.offer.title}` : ' · no offer'}
                          {category.badge ? ` · badge: ${category.badge}` : ''}
                          {category.hidden ? ' · hidden from the shop' : ''}
                        </p>
                      </div>
                      <div className="flex flex-wrap gap-1">
                        <UpDown
                          name={category.name}
                          index={index}
                          count={items.length}
                          variant="outline"
                          disabled={order.isPending}
                          onMove={(by) =>
                            order.mutate(
                              moved(items, index, by).map((c) => c.id),
                              { onError: failed },
                            )
                          }
                        />
                        <Button
                          size="sm"
                          variant="outline"
                          aria-label={`Edit ${category.name}`}
                          onClick={() => setEditing({ kind: 'category', category })}
                        >
                          Edit
                        </Button>
                        <Button
                          size="sm"
                          variant="destructive"
                          aria-label={`Delete ${category.name}`}
                          onClick={() => setEditing({ kind: 'delete', category })}
                        >
                          Delete
                        </Button>
                      </div>
                    </div>
                    <ul className="mt-3 grid gap-1" aria-label={`Subcategories of ${category.name}`}>
                      {category.subcategories.map((sub, subIndex) => (
                        <li
                          key={sub.id}
                          className="flex flex-wrap items-center justify-between gap-2 rounded-md px-2 py-1 hover:bg-slate-50"
                        >
                          <span className="text-sm">
                            {sub.name}{' '}
                            <span className="text-slate-600">({plural(sub.product_count, 'product', 'products')})</span>
                          </span>
                          <span className="flex flex-wrap gap-1">
                            <UpDown
                              name={sub.name}
                              index={subIndex}
                              count={category.subcategories.length}
                              variant="ghost"
                              disabled={orderSubs.isPending}
                              onMove={(by) =>
                                orderSubs.mutate(
                                  {
                                    categoryId: category.id,
                                    ids: moved(category.subcategories, subIndex, by).map((s) => s.id),
                                  },
                                  { onError: failed },
                                )
                              }
                            />
                            <Button
                              size="sm"
                              variant="ghost"
                              aria-label={`Edit ${sub.name}`}
                              onClick={() => setEditing({ kind: 'subcategory', category, subcategory: sub })}
                            >
                              Edit
                            </Button>
                            <Button
                              size="sm"
                              variant="ghost"
                              aria-label={`Delete ${sub.name}`}
                              onClick={() => onDeleteSubcategory(category, sub)}
                            >
                              Delete
                            </Button>
                          </span>
                        </li>
                      ))}
                    </ul>
                    <Button
                      size="sm"
                      variant="outline"
                      className="mt-2"
                      onClick={() => setEditing({ kind: 'subcategory', category, subcategory: null })}
                    >
                      <Plus className="size-4" aria-hidden="true" /> Add a subcategory to {category.name}
                    </Button>
                    <FeaturedCards category={category} />
                  </Panel>
                </li>
              ))}
            </ol>
          )
        }
      </QueryState>
      {editing?.kind === 'category' ? (
        <CategoryDialog category={editing.category} onClose={() => setEditing(null)} />
      ) : null}
      {editing?.kind === 'delete' ? (
        <DeleteCategoryDialog
          category={editing.category}
          others={(query.data?.items ?? []).filter((c) => c.id !== editing.category.id)}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {editing?.kind === 'subcategory' ? (
        <SubcategoryDialog
          category={editing.category}
          subcategory={editing.subcategory}
          categories={query.data?.items ?? []}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </AdminPage>
  );
}
