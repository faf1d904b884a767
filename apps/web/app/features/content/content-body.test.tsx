import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ContentBlocks } from './content-body.tsx';
import { parseBody } from './parse-body.ts';

describe('ContentBlocks', () => {
  it('renders headings, lists and paragraphs as elements', () => {
    const html = renderToStaticMarkup(<ContentBlocks blocks={parseBody('## Title\n\n- a\n- b\n\nText.')} />);
    expect(html).toMatch(/<h2[^>]*>Title<\/h2>/);
    expect(html).toMatch(/<ul[^>]*><li>a<\/li><li>b<\/li><\/ul>/);
    expect(html).toMatch(/<p[^>]*>Text\.<\/p>/);
  });

  it('renders a body as text, never as HTML', () => {
    const html = renderToStaticMarkup(
      <ContentBlocks blocks={parseBody('<script>alert(1)</script>\n\n## <img src=x onerror=alert(1)>')} />,
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
