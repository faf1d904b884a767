import { describe, expect, it } from 'vitest';
import { lookupBody, lookupsOf, moved, newDraft, previewView, toBody, toDrafts } from './draft.ts';

describe('admin home page drafts', () => {
  it('sends chosen products as typed, split at commas', () => {
    const [rail] = toDrafts([{ type: 'product_rail', title: 'Picks', source: { products: ['a'] }, limit: 4 }]);
    if (!rail) throw new Error('no draft');
    expect(rail.productsText).toBe('a');
    expect(toBody([{ ...rail, productsText: ' a, b ,, c' }]).sections[0]).toMatchObject({
      source: { products: ['a', 'b', 'c'] },
    });
  });

  it('asks the server only for what it looks up, once per source, without the words but a rich text', () => {
    const drafts = [newDraft('hero'), newDraft('product_rail'), newDraft('product_rail'), newDraft('rich_text')];
    expect(lookupBody(drafts)).toEqual({
      sections: [
        { type: 'product_rail', title: '·', source: 'new', limit: 8 },
        { type: 'rich_text', text: '<p>Write a few words here.</p>' },
      ],
    });
    expect(lookupBody([newDraft('hero')])).toBeNull();
  });

  it('draws the drafts’ words at once, the looked-up products by source, and unsafe links inert', () => {
    const [hero, rail] = [newDraft('hero'), newDraft('product_rail')];
    const unsafe = {
      ...hero,
      section: {
        type: 'hero' as const,
        title: 'Hi',
        text: '',
        image: 'https://elsewhere.example/a.png',
        buttons: [{ label: 'Go', href: 'javascript:alert(1)' }],
      },
    };
    const product = {
      id: 'p1',
      slug: 'kettle',
      name: 'Kettle',
      description: '',
      category: 'home',
      subcategory: null,
      regular_price: 10,
      sale_price: 8,
      percentage_discount: 20,
      images: [],
      in_stock: true,
    };
    const lookups = lookupsOf({
      asked: { sections: [{ type: 'product_rail', title: '·', source: 'new', limit: 8 }] },
      sections: [
        {
          type: 'product_rail',
          title: '·',
          source: 'new',
          limit: 8,
          more: '/products?sort=newest',
          products: [product],
        },
      ],
    } as never);
    const [drawnHero, drawnRail] = previewView([unsafe, rail], lookups);
    expect(drawnHero).toMatchObject({ title: 'Hi', image: null, buttons: [{ label: 'Go', href: '#' }] });
    expect(drawnRail).toMatchObject({ title: 'New arrivals', more: '/products?sort=newest' });
    expect(drawnRail?.type === 'product_rail' && drawnRail.products.map((p) => p.name)).toEqual(['Kettle']);
  });

  it('draws a rich text as the server sanitized those very words, and only their text until it has', () => {
    const draft = newDraft('rich_text');
    const typed = {
      ...draft,
      section: { type: 'rich_text' as const, text: '<h2>Hi</h2><p onclick="x()">a &lt; b</p>' },
    };
    const answer = {
      asked: { sections: [typed.section] },
      sections: [{ type: 'rich_text' as const, text: '<h2>Hi</h2><p>a &lt; b</p>' }],
    };
    expect(previewView([typed], lookupsOf(answer))).toEqual([answer.sections[0]]);
    const older = { ...answer, asked: { sections: [{ type: 'rich_text' as const, text: '<p>older words</p>' }] } };
    expect(previewView([typed], lookupsOf(older))).toEqual([{ type: 'rich_text', text: '<p>Hi</p><p>a &lt; b</p>' }]);
  });

  it('moves a section one place, and leaves the list alone at its ends', () => {
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});
