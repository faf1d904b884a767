import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RichText } from '../../../components/ui/rich-text.tsx';
import { plural } from '../../../lib/plural.ts';
import { ProductGrid } from '../../catalog/index.ts';
import { paragraphs } from '../paragraphs.ts';
import type { HomeViewSection } from '../view.ts';

type Of<T extends HomeViewSection['type']> = Extract<HomeViewSection, { type: T }>;

/** Heading levels: the storefront's first hero is the page's h1; inside the admin preview everything sits one level lower. */
interface Levels {
  hero: 'h1' | 'h2';
  section: 'h2' | 'h3';
}

const heading = 'font-semibold text-2xl';

/**
 * The home page's sections in order (docs/adr/043-home-page-sections.md), drawn the same on the
 * storefront and in admin Home page's live preview (`preview`). Only the first hero is the page's
 * heading and loads its picture at once; every other picture loads lazily, every box is reserved.
 */
export function HomeSections({
  sections,
  storeName,
  preview = false,
}: {
  sections: readonly HomeViewSection[];
  /** The page's heading when no hero gives one. */
  storeName: string;
  preview?: boolean;
}) {
  const firstHero = sections.findIndex((s) => s.type === 'hero');
  const levels: Levels = preview ? { hero: 'h2', section: 'h3' } : { hero: 'h1', section: 'h2' };
  return (
    <>
      {firstHero === -1 && !preview ? <h1 className="sr-only">{storeName}</h1> : null}
      {sections.map((section, i) => {
        const id = `${preview ? 'preview-' : ''}home-${i}`;
        const key = `${i}-${section.type}`;
        switch (section.type) {
          case 'hero':
            return (
              <Hero key={key} section={section} first={i === firstHero} level={i === firstHero ? levels.hero : 'h2'} />
            );
          case 'category_tiles':
            return <CategoryTiles key={key} id={id} section={section} level={levels.section} />;
          case 'featured':
            return <Featured key={key} id={id} section={section} level={levels.section} />;
          case 'product_rail':
            return <Rail key={key} id={id} section={section} level={levels.section} />;
          case 'banner':
            return <Banner key={key} id={id} section={section} level={levels.section} />;
          case 'rich_text':
            return <RichTextSection key={key} section={section} />;
          default:
            return null;
        }
      })}
    </>
  );
}

/** A path of the shop goes through the router; an outside address is a plain link. */
function HomeLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  if (href.startsWith('/')) {
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className} rel="noopener">
      {children}
    </a>
  );
}

function Hero({ section, first, level: H }: { section: Of<'hero'>; first: boolean; level: 'h1' | 'h2' }) {
  const [primary, secondary] = section.buttons;
  return (
    <section
      className={`rounded-2xl bg-slate-900 px-6 py-12 text-white sm:px-12 sm:py-16 ${first ? '' : 'mt-12'} ${
        section.image ? 'grid items-center gap-8 md:grid-cols-2' : ''
      }`}
    >
      <div>
        <H className="max-w-2xl font-bold text-3xl tracking-tight sm:text-5xl">{section.title}</H>
        {section.text ? <p className="mt-4 max-w-xl text-lg text-slate-200">{section.text}</p> : null}
        {primary ? (
          <div className="mt-8 flex flex-wrap gap-3">
            <HomeLink
              href={primary.href}
              className="rounded-md bg-white px-5 py-2.5 font-medium text-slate-900 hover:bg-slate-100"
            >
              {primary.label}
            </HomeLink>
            {secondary ? (
              <HomeLink
                href={secondary.href}
                className="rounded-md border border-white/40 px-5 py-2.5 font-medium text-white hover:bg-white/10"
              >
                {secondary.label}
              </HomeLink>
            ) : null}
          </div>
        ) : null}
      </div>
      {section.image ? (
        // The first hero's picture is likely the largest paint: loaded at once; its box is reserved (docs/performance.md, Lighthouse).
        <img
          src={section.image}
          alt=""
          width={800}
          height={600}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : undefined}
          decoding="async"
          className="aspect-[4/3] h-auto w-full rounded-xl bg-slate-800 object-cover"
        />
      ) : null}
    </section>
  );
}

function CategoryTiles({ id, section, level: H }: { id: string; section: Of<'category_tiles'>; level: 'h2' | 'h3' }) {
  if (section.categories.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mt-12">
      <H id={id} className={heading}>
        {section.title}
      </H>
      <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {section.categories.map((c) => (
          <li key={c.id}>
            <Link
              to={`/products/category/${encodeURIComponent(c.id)}`}
              className="block h-full rounded-lg border border-slate-200 bg-slate-50 px-4 py-5 hover:border-slate-400 hover:bg-white"
            >
              <span className="block font-semibold">{c.name}</span>
              <span className="mt-1 block text-slate-600 text-sm">{plural(c.count, 'product', 'products')}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Featured({ id, section, level: H }: { id: string; section: Of<'featured'>; level: 'h2' | 'h3' }) {
  if (section.items.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mt-12">
      <H id={id} className={heading}>
        {section.title}
      </H>
      <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {section.items.map((card) => (
          <li key={card.slug}>
            <Link to={card.href} className="group block overflow-hidden rounded-lg border border-slate-200">
              {/* The first row of pictures: loaded at once, boxes reserved (docs/performance.md, Lighthouse). */}
              <img
                src={card.image}
                alt=""
                width={400}
                height={300}
                className="aspect-[4/3] h-auto w-full bg-slate-100 object-cover"
              />
              <span className="block px-3 py-2 font-medium text-sm group-hover:underline">{card.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A row of products; while it has none (a new shop, an empty tag) it shows nothing. */
function Rail({ id, section, level: H }: { id: string; section: Of<'product_rail'>; level: 'h2' | 'h3' }) {
  if (section.products.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mt-12">
      <div className="flex items-baseline justify-between gap-4">
        <H id={id} className={heading}>
          {section.title}
        </H>
        {section.more ? (
          <Link to={section.more} className="text-sm underline underline-offset-4 hover:text-slate-700">
            View all<span className="sr-only"> {section.title.toLowerCase()}</span>
          </Link>
        ) : null}
      </div>
      <div className="mt-6">
        <ProductGrid products={section.products} />
      </div>
    </section>
  );
}

function Banner({ id, section, level: H }: { id: string; section: Of<'banner'>; level: 'h2' | 'h3' }) {
  return (
    <section
      aria-labelledby={id}
      className={`mt-12 overflow-hidden rounded-2xl border border-slate-200 bg-slate-50 ${
        section.image ? 'grid items-center md:grid-cols-2' : ''
      }`}
    >
      <div className="px-6 py-8 sm:px-10">
        <H id={id} className={heading}>
          {section.href ? (
            <HomeLink href={section.href} className="underline-offset-4 hover:underline">
              {section.title}
            </HomeLink>
          ) : (
            section.title
          )}
        </H>
        {paragraphs(section.text).map((p, i) => (
          // Paragraphs have no identity of their own; their order is their key.
          // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered in place
          <p key={i} className="mt-3 whitespace-pre-line text-slate-700">
            {p}
          </p>
        ))}
      </div>
      {section.image ? (
        <img
          src={section.image}
          alt=""
          width={800}
          height={450}
          loading="lazy"
          decoding="async"
          className="aspect-video h-auto w-full bg-slate-100 object-cover"
        />
      ) : null}
    </section>
  );
}

function RichTextSection({ section }: { section: Of<'rich_text'> }) {
  return <RichText html={section.text} className="mt-12 max-w-3xl text-slate-800 leading-relaxed" />;
}
