import { TrendingUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CategoryIcon } from '../ui/category-icon.tsx';
import { Container } from './container.tsx';

/** What the menu shows of a category (docs/product.md §3 menu category; docs/product.md §10: from the database, live counts). */
export interface MenuCategory {
  id: string;
  name: string;
  icon: string;
  subcategories: { name: string; icon: string; count: number }[];
  featured: { name: string; image: string; href: string }[];
  /** The panel's offer box as the owner wrote it; none unless written. */
  offer: { title: string; text: string; link: string | null } | null;
  /** The label beside the featured cards, or none. */
  badge: string | null;
}

/** The icons the catalogue names; anything else gets a neutral tag. Imported one by one (bundle size). */
/** docs/product.md §2 link forms: lowercased, URL-encoded names. */
export const categoryHref = (id: string) => `/products?category=${encodeURIComponent(id)}`;
export const subcategoryHref = (id: string, name: string) =>
  `${categoryHref(id)}&subcategory=${encodeURIComponent(name.toLowerCase())}`;

/** The active category is the first of the menu until the pointer or focus moves (the demo's electronics). */
export function defaultCategoryId(categories: MenuCategory[]): string | undefined {
  return categories[0]?.id;
}

/**
 * docs/product.md §2 category menu panel. Opening and closing belong to the navbar; this panel follows the
 * pointer and focus to pick the active category and closes (through `onNavigate`) on any link.
 */
export function CategoryMenu({
  id,
  categories,
  onNavigate,
  autoFocus,
}: {
  id: string;
  categories: MenuCategory[];
  onNavigate: () => void;
  /** Move focus to the first category (opened with ArrowDown). */
  autoFocus?: boolean;
}) {
  const [activeId, setActiveId] = useState(() => defaultCategoryId(categories));
  const first = useRef<HTMLAnchorElement>(null);
  const active = categories.find((c) => c.id === activeId);

  useEffect(() => {
    if (autoFocus) first.current?.focus();
  }, [autoFocus]);

  return (
    <div
      id={id}
      data-testid="category-menu"
      className="absolute inset-x-0 top-full z-40 border-slate-200 border-b bg-white shadow-lg"
    >
      <Container className="grid gap-6 py-6 md:grid-cols-[14rem_1fr] lg:grid-cols-[14rem_1fr_18rem]">
        <nav aria-label="Categories">
          <ul className="space-y-1">
            {categories.map((category, i) => (
              <li key={category.id}>
                <Link
                  ref={i === 0 ? first : undefined}
                  to={categoryHref(category.id)}
                  onMouseEnter={() => setActiveId(category.id)}
                  onFocus={() => setActiveId(category.id)}
                  onClick={onNavigate}
                  aria-current={category.id === activeId ? 'true' : undefined}
                  className={
                    category.id === activeId
                      ? 'flex items-center gap-3 rounded-md bg-slate-900 px-3 py-2 font-medium text-sm text-white'
                      : 'flex items-center gap-3 rounded-md px-3 py-2 font-medium text-slate-800 text-sm hover:bg-slate-100'
                  }
                >
                  <CategoryIcon name={category.icon} className="size-4" />
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
          <Link
            to="/categories"
            onClick={onNavigate}
            className="mt-4 inline-block px-3 font-medium text-slate-900 text-sm underline underline-offset-4"
          >
            View All Categories
          </Link>
        </nav>

        {active ? (
          <section aria-labelledby={`${id}-active`} data-testid="category-menu-active">
            <h2 id={`${id}-active`} className="font-semibold text-lg">
              {active.name}
            </h2>
            <ul className="mt-3 grid gap-1 sm:grid-cols-2">
              {active.subcategories.map((sub) => (
                <li key={sub.name}>
                  <Link
                    to={subcategoryHref(active.id, sub.name)}
                    onClick={onNavigate}
                    className="flex items-center justify-between gap-3 rounded-md px-3 py-2 text-slate-800 text-sm hover:bg-slate-100"
                  >
                    <span className="flex items-center gap-2">
                      <CategoryIcon name={sub.icon} className="size-4 text-slate-600" />
                      {sub.name}
                    </span>
                    <span className="text-slate-600 text-xs">
                      {sub.count}
                      <span className="sr-only"> items</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            {active.offer ? <OfferBox offer={active.offer} onNavigate={onNavigate} /> : null}
          </section>
        ) : null}

        {active && active.featured.length > 0 ? (
          <section aria-labelledby={`${id}-featured`} className="hidden lg:block">
            <div className="flex items-center justify-between">
              <h2 id={`${id}-featured`} className="font-semibold text-lg">
                Featured
              </h2>
              {active.badge ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-rose-700 px-2 py-0.5 font-medium text-white text-xs">
                  <TrendingUp className="size-3" aria-hidden="true" />
                  {active.badge}
                </span>
              ) : null}
            </div>
            <ul className="mt-3 grid grid-cols-2 gap-3">
              {active.featured.map((card) => (
                <li key={card.name}>
                  <Link
                    to={card.href}
                    onClick={onNavigate}
                    className="group block overflow-hidden rounded-md border border-slate-200"
                  >
                    <img
                      src={card.image}
                      alt=""
                      width={160}
                      height={100}
                      loading="lazy"
                      className="aspect-[8/5] h-auto w-full bg-slate-100 object-cover"
                    />
                    <span className="block px-2 py-1.5 font-medium text-slate-800 text-xs group-hover:underline">
                      {card.name}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </Container>
    </div>
  );
}

/** The owner's offer for a category: a box of two lines, a link to the offer when the owner gave one. */
function OfferBox({ offer, onNavigate }: { offer: NonNullable<MenuCategory['offer']>; onNavigate: () => void }) {
  const lines = (
    <>
      <p className="font-semibold text-amber-900 text-sm">{offer.title}</p>
      <p className="text-amber-900 text-sm">{offer.text}</p>
    </>
  );
  const box = 'mt-4 block rounded-lg bg-amber-100 px-4 py-3';
  return offer.link ? (
    <Link to={offer.link} onClick={onNavigate} className={`${box} hover:bg-amber-200`}>
      {lines}
    </Link>
  ) : (
    <div className={box}>{lines}</div>
  );
}
