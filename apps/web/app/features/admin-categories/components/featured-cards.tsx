import { type AdminCategory, type AdminFeaturedCard, createFeaturedCardBody } from '@shop/contracts/admin-categories';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ErrorText, PictureField, TextField } from '../../admin/index.ts';
import {
  useAddFeaturedCard,
  useDeleteFeaturedCard,
  useOrderFeaturedCards,
  useSaveFeaturedCard,
} from '../api/categories.ts';
import { moved, UpDown } from './up-down.tsx';

/**
 * The featured cards of a category's panel in the storefront's menu (picture, label, link), in order:
 * added, edited, moved and deleted here. A card without a link leads to the products tagged with it.
 */
export function FeaturedCards({ category }: { category: AdminCategory }) {
  const order = useOrderFeaturedCards();
  const remove = useDeleteFeaturedCard();
  const [editing, setEditing] = useState<{ card: AdminFeaturedCard | null } | null>(null);
  const cards = category.featured;
  const failed = (e: Error) => toast.error(e.message);

  function onDelete(card: AdminFeaturedCard) {
    if (!window.confirm(`Delete the featured card ${card.name}? Products tagged with it lose the tag.`)) return;
    remove.mutate(
      { categoryId: category.id, id: card.id },
      { onSuccess: () => toast.success(`${card.name} deleted`), onError: failed },
    );
  }

  return (
    <section className="mt-4 border-slate-200 border-t pt-3" aria-label={`Featured cards of ${category.name}`}>
      <h3 className="font-medium text-sm">Featured cards in the menu</h3>
      {cards.length === 0 ? <p className="mt-1 text-slate-600 text-sm">None: the panel shows no cards.</p> : null}
      <ul className="mt-2 grid gap-1">
        {cards.map((card, index) => (
          <li
            key={card.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md px-2 py-1 hover:bg-slate-50"
          >
            <span className="flex items-center gap-2 text-sm">
              <img src={card.image} alt="" width={48} height={30} className="h-[30px] w-12 rounded object-cover" />
              {card.name}
              <span className="text-slate-600">→ {card.link ?? `its products (/products?featured=${card.slug})`}</span>
            </span>
            <span className="flex flex-wrap gap-1">
              <UpDown
                name={card.name}
                index={index}
                count={cards.length}
                variant="ghost"
                disabled={order.isPending}
                onMove={(by) =>
                  order.mutate(
                    { categoryId: category.id, ids: moved(cards, index, by).map((c) => c.id) },
                    { onError: failed },
                  )
                }
              />
              <Button size="sm" variant="ghost" aria-label={`Edit ${card.name}`} onClick={() => setEditing({ card })}>
                Edit
              </Button>
              <Button size="sm" variant="ghost" aria-label={`Delete ${card.name}`} onClick={() => onDelete(card)}>
                Delete
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <Button size="sm" variant="outline" className="mt-2" onClick={() => setEditing({ card: null })}>
        <Plus className="size-4" aria-hidden="true" /> Add a featured card to {category.name}
      </Button>
      {editing ? <FeaturedCardDialog category={category} card={editing.card} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}

function FeaturedCardDialog({
  category,
  card,
  onClose,
}: {
  category: AdminCategory;
  card: AdminFeaturedCard | null;
  onClose: () => void;
}) {
  const [name, setName] = useState(card?.name ?? '');
  const [image, setImage] = useState<string | null>(card?.image ?? null);
  const [link, setLink] = useState(card?.link ?? '');
  const [invalid, setInvalid] = useState<string>();
  const add = useAddFeaturedCard();
  const save = useSaveFeaturedCard();
  const done = (message: string) => {
    toast.success(message);
    onClose();
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // The API's own schema, before anything is sent.
    const checked = createFeaturedCardBody.safeParse({ name, image: image ?? '', link });
    if (!checked.success) return setInvalid(checked.error.issues[0]?.message);
    setInvalid(undefined);
    if (!card) {
      return add.mutate(
        { categoryId: category.id, body: checked.data },
        { onSuccess: () => done(`Added ${checked.data.name} to ${category.name}`) },
      );
    }
    save.mutate(
      { categoryId: category.id, id: card.id, body: checked.data },
      { onSuccess: () => done(`Saved ${checked.data.name}`) },
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={card ? `Edit ${card.name}` : `New featured card of ${category.name}`}
    >
      <form onSubmit={onSubmit} className="grid gap-3" noValidate>
        <TextField
          id="featured-name"
          label="Label"
          required
          autoComplete="off"
          hint={card ? undefined : 'Its products are the ones you tick it on in the product form.'}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <PictureField id="featured-image" label="Card picture" value={image} onChange={setImage} />
        {image ? <img src={image} alt="" width={160} height={100} className="rounded-md border object-cover" /> : null}
        <TextField
          id="featured-link"
          label="Link (optional)"
          autoComplete="off"
          placeholder="/products?tag=…"
          hint="A page of this shop (starting with /) or an https:// address; blank leads to the card's products."
          value={link}
          onChange={(e) => setLink(e.target.value)}
        />
        <ErrorText error={invalid ?? add.error ?? save.error} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={add.isPending || save.isPending}>
            {card ? 'Save changes' : 'Add card'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
