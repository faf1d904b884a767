// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CategoryMenu, type MenuCategory } from './category-menu.tsx';

afterEach(cleanup);

const candles = (over: Partial<MenuCategory> = {}): MenuCategory => ({
  id: 'candles',
  name: 'Candles',
  icon: 'Flame',
  subcategories: [{ name: 'Pillar', icon: '', count: 3 }],
  featured: [{ name: 'Beeswax', image: '/media/beeswax.webp', href: '/candles/beeswax' }],
  offer: null,
  badge: null,
  ...over,
});

function panel(category: MenuCategory) {
  const router = createMemoryRouter(
    [{ path: '/', element: <CategoryMenu id="menu" categories={[category]} onNavigate={() => {}} /> }],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return screen.getByTestId('category-menu');
}

describe('the category menu’s panel shows only what the owner wrote', () => {
  it('without an offer or a badge: no offer box, no label, whatever the category is', () => {
    const menu = panel(candles());
    expect(within(menu).queryByText(/off/i)).toBeNull();
    expect(within(menu).queryByText('Special Offers')).toBeNull();
    expect(within(menu).queryByText('Trending Now')).toBeNull();
    expect(within(menu).getByText('Featured')).toBeTruthy();
  });

  it('a featured card leads where the server says (the owner’s link, or its products)', () => {
    const menu = panel(candles());
    expect(within(menu).getByRole('link', { name: 'Beeswax' }).getAttribute('href')).toBe('/candles/beeswax');
  });

  it('with them: the owner’s words, and the offer as a link when it has one', () => {
    const menu = panel(
      candles({
        offer: { title: 'Winter sale', text: 'Pillars at 20% less until Sunday', link: '/products?category=candles' },
        badge: 'New',
      }),
    );
    expect(within(menu).getByText('New')).toBeTruthy();
    const offer = within(menu).getByRole('link', { name: /Winter sale/ });
    expect(offer.getAttribute('href')).toBe('/products?category=candles');
    expect(offer.textContent).toContain('Pillars at 20% less until Sunday');
  });

  it('an offer without a link is a box, not a link', () => {
    const menu = panel(candles({ offer: { title: 'Winter sale', text: 'In store only', link: null } }));
    expect(within(menu).getByText('In store only')).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: /Winter sale/ })).toBeNull();
  });
});
