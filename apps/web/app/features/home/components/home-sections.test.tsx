import { renderToString } from 'react-dom/server';
import { createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { HomeViewSection } from '../view.ts';
import { HomeSections } from './home-sections.tsx';

/** Server-renders the sections as the home route does (a router around them for their links). */
function html(sections: HomeViewSection[], preview = false): string {
  const routes = [{ path: '/', element: <HomeSections sections={sections} storeName="Tea House" preview={preview} /> }];
  const router = createStaticRouter(routes, {
    basename: '/',
    location: { pathname: '/', search: '', hash: '', state: null, key: 'default' },
    loaderData: {},
    actionData: null,
    errors: null,
    statusCode: 200,
    loaderHeaders: {},
    actionHeaders: {},
    matches: [],
  } as never);
  return renderToString(<StaticRouterProvider router={router} context={{} as never} hydrate={false} />);
}

const picture = '/media/uploads/0b6c5f0e-8d7a-4f8e-9a55-3d1f2f6f9f0a/large.webp';
const hero = (title: string): HomeViewSection => ({
  type: 'hero',
  title,
  text: '',
  image: picture,
  buttons: [{ label: 'Elsewhere', href: 'https://example.com/x' }],
});

describe('HomeSections', () => {
  it('the first hero is the page heading with its picture loaded at once; later pictures load lazily; every box is sized', () => {
    const out = html([
      hero('First'),
      { type: 'banner', title: 'Sale', text: 'One\n\nTwo', href: '/products', image: picture },
      hero('Second'),
    ]);
    expect(out).toMatch(/<h1[^>]*>First<\/h1>/);
    expect(out).toMatch(/<h2[^>]*>Second<\/h2>/);
    const imgs = [...out.matchAll(/<img[^>]*>/g)].map((m) => m[0]);
    expect(imgs).toHaveLength(3);
    expect(imgs[0]).toContain('loading="eager"');
    for (const img of imgs.slice(1)) expect(img).toContain('loading="lazy"');
    for (const img of imgs) expect(img).toMatch(/width="\d+" height="\d+"/);
    expect(out).toContain('<p class="mt-3 whitespace-pre-line text-slate-700">One</p>');
    expect(out).toMatch(/<a href="https:\/\/example.com\/x"[^>]*rel="noopener"/);
  });

  it('without a hero the store’s name is the page heading; an empty rail or tiles draw nothing', () => {
    const out = html([
      { type: 'product_rail', title: 'Fresh', source: 'new', limit: 8, more: '/products?sort=newest', products: [] },
      { type: 'category_tiles', title: 'Shop by category', categories: [] },
    ]);
    expect(out).toContain('<h1 class="sr-only">Tea House</h1>');
    expect(out).not.toContain('Fresh');
    expect(out).not.toContain('Shop by category');
  });

  it('a rich text section is drawn as the HTML the server kept', () => {
    const out = html([{ type: 'rich_text', text: '<h2>Our story</h2><p>Poured <strong>by hand</strong>.</p>' }]);
    expect(out).toContain('<h2>Our story</h2><p>Poured <strong>by hand</strong>.</p>');
    expect(out).toMatch(/<div class="rich-text [^"]*">/);
  });

  it('in the admin preview nothing is an h1', () => {
    expect(html([hero('Draft')], true)).not.toContain('<h1');
  });
});
