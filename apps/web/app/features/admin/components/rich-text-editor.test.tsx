// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { editorHtml, RichTextEditor } from './rich-text-editor.tsx';

afterEach(cleanup);

const region = (html: string) => {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
};

describe('editorHtml', () => {
  it('wraps text typed straight into the region in a paragraph, and drops empty blocks', () => {
    expect(editorHtml(region('Poured by hand.<p><br></p><p>Burns for <b>forty</b> hours.</p>'))).toBe(
      '<p>Poured by hand.</p><p>Burns for <b>forty</b> hours.</p>',
    );
  });

  it('turns block divs into paragraphs and keeps headings and lists', () => {
    expect(editorHtml(region('<h2>Care</h2><div>Wipe</div><div><br></div><ul><li>Dry</li><li> </li></ul>'))).toBe(
      '<h2>Care</h2><p>Wipe</p><ul><li>Dry</li></ul>',
    );
  });
});

describe('RichTextEditor', () => {
  it('is a labelled multi-line textbox under a toolbar of toggle buttons, with its HTML in a hidden field', () => {
    const { container } = render(
      <RichTextEditor id="d" label="Description" name="description" value="<p>Hi</p>" onChange={() => {}} />,
    );
    const textbox = screen.getByRole('textbox', { name: 'Description' });
    expect(textbox.getAttribute('aria-multiline')).toBe('true');
    expect(textbox.innerHTML).toBe('<p>Hi</p>');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    const names = Array.from(toolbar.querySelectorAll('button')).map((b) => [
      b.getAttribute('aria-label'),
      b.getAttribute('aria-pressed'),
    ]);
    expect(names).toEqual([
      ['Heading', 'false'],
      ['Bold', 'false'],
      ['Italic', 'false'],
      ['Bulleted list', 'false'],
      ['Numbered list', 'false'],
      ['Link', 'false'],
    ]);
    expect(container.querySelector<HTMLInputElement>('input[type="hidden"][name="description"]')?.value).toBe(
      '<p>Hi</p>',
    );
  });

  it('offers a Subheading (h3) after Heading where asked (the help centre’s questions)', () => {
    render(<RichTextEditor id="b" label="Body" subheadings value="<h3>Q?</h3>" onChange={() => {}} />);
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    expect(Array.from(toolbar.querySelectorAll('button')).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Heading',
      'Subheading',
      'Bold',
      'Italic',
      'Bulleted list',
      'Numbered list',
      'Link',
    ]);
  });
});
