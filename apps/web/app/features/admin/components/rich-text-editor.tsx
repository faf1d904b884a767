import { Bold, Heading2, Heading3, Italic, Link2, List, ListOrdered } from 'lucide-react';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { FieldError } from '../../../components/ui/form-message.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { cn } from '../../../lib/cn.ts';

type Format = 'heading' | 'subheading' | 'bold' | 'italic' | 'bulleted' | 'numbered' | 'link';

const BUTTONS: {
  format: Format;
  label: string;
  Icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
}[] = [
  { format: 'heading', label: 'Heading', Icon: Heading2 },
  { format: 'subheading', label: 'Subheading', Icon: Heading3 },
  { format: 'bold', label: 'Bold', Icon: Bold },
  { format: 'italic', label: 'Italic', Icon: Italic },
  { format: 'bulleted', label: 'Bulleted list', Icon: List },
  { format: 'numbered', label: 'Numbered list', Icon: ListOrdered },
  { format: 'link', label: 'Link', Icon: Link2 },
];

const NO_FORMATS: Record<Format, boolean> = {
  heading: false,
  subheading: false,
  bold: false,
  italic: false,
  bulleted: false,
  numbered: false,
  link: false,
};

/** The nearest element of the selection inside `root` that matches `selector`, if any. */
function closestInside(root: HTMLElement, selector: string): Element | null {
  const node = document.getSelection()?.anchorNode;
  const element = node instanceof Element ? node : (node?.parentElement ?? null);
  const found = element?.closest(selector) ?? null;
  return found && root.contains(found) ? found : null;
}

const BLOCKS = new Set(['P', 'H2', 'H3', 'H4', 'UL', 'OL', 'DIV']);

/**
 * The editor's markup as it is saved: text typed straight into the region (a browser's first line) and
 * block `div`s (what some browsers make for a new line) become paragraphs, and blocks left empty (a blank
 * line typed between paragraphs) are dropped. The server sanitizes whatever arrives
 * (docs/adr/044-rich-text.md); this only keeps the text tidy.
 */
export function editorHtml(root: HTMLElement): string {
  const copy = document.createElement('div');
  let loose: HTMLParagraphElement | null = null;
  for (const node of Array.from(root.childNodes)) {
    const clone = node.cloneNode(true);
    if (node instanceof Element && BLOCKS.has(node.tagName)) {
      loose = null;
      copy.append(clone);
    } else {
      if (!loose) {
        loose = document.createElement('p');
        copy.append(loose);
      }
      loose.append(clone);
    }
  }
  for (const div of Array.from(copy.querySelectorAll('div'))) {
    const p = document.createElement('p');
    p.append(...Array.from(div.childNodes));
    div.replaceWith(p);
  }
  for (const block of Array.from(copy.querySelectorAll('p, h2, h3, h4, li, ul, ol'))) {
    if ((block.textContent ?? '').trim() === '') block.remove();
  }
  return copy.innerHTML.trim();
}

/**
 * A small rich text editor for descriptions: a toolbar (heading, bold, italic, bulleted and numbered
 * lists, link) over an editable region, both labelled; its HTML goes to `onChange` and, with `name`, to a
 * hidden form field. The browser's editing commands do the work; the server keeps only its allow-list.
 */
export function RichTextEditor({
  id,
  label,
  value,
  onChange,
  name,
  error,
  className,
  subheadings = false,
}: {
  id: string;
  label: string;
  /** The HTML it starts with; later changes come from the editor itself. */
  value: string;
  onChange: (html: string) => void;
  name?: string;
  error?: string;
  className?: string;
  /** A Subheading button (`h3`) too: the help centre's questions are subheadings. */
  subheadings?: boolean;
}) {
  const region = useRef<HTMLDivElement>(null);
  const [initial] = useState(value);
  const [html, setHtml] = useState(value);
  const [active, setActive] = useState(NO_FORMATS);
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;

  const readFormats = () => {
    const root = region.current;
    if (!root?.contains(document.getSelection()?.anchorNode ?? null)) return;
    setActive({
      heading: closestInside(root, 'h2') !== null,
      subheading: closestInside(root, 'h3') !== null,
      bold: document.queryCommandState('bold'),
      italic: document.queryCommandState('italic'),
      bulleted: closestInside(root, 'ul') !== null,
      numbered: closestInside(root, 'ol') !== null,
      link: closestInside(root, 'a') !== null,
    });
  };

  useEffect(() => {
    // New lines become paragraphs rather than divs in every browser (a DOM without editing commands, as
    // in unit tests, has none to set).
    if (typeof document.execCommand === 'function') document.execCommand('defaultParagraphSeparator', false, 'p');
    document.addEventListener('selectionchange', readFormats);
    return () => document.removeEventListener('selectionchange', readFormats);
  });

  const changed = () => {
    if (!region.current) return;
    const next = editorHtml(region.current);
    setHtml(next);
    onChange(next);
    readFormats();
  };

  const apply = (format: Format) => {
    const root = region.current;
    if (!root) return;
    root.focus();
    if (format === 'heading') document.execCommand('formatBlock', false, active.heading ? 'p' : 'h2');
    else if (format === 'subheading') document.execCommand('formatBlock', false, active.subheading ? 'p' : 'h3');
    else if (format === 'bold') document.execCommand('bold');
    else if (format === 'italic') document.execCommand('italic');
    else if (format === 'bulleted') document.execCommand('insertUnorderedList');
    else if (format === 'numbered') document.execCommand('insertOrderedList');
    else if (active.link) document.execCommand('unlink');
    else {
      const href = window.prompt('Link address (https://…, mailto:… or a path of this shop)')?.trim();
      if (href) document.execCommand('createLink', false, href);
    }
    changed();
  };

  return (
    <div className={cn('space-y-1.5', className)}>
      <Label id={labelId} htmlFor={id} onClick={() => region.current?.focus()}>
        {label}
      </Label>
      <div className="rounded-md border border-slate-300 bg-white focus-within:outline-2 focus-within:outline-slate-900">
        <div
          role="toolbar"
          aria-label="Formatting"
          aria-controls={id}
          className="flex flex-wrap gap-1 border-slate-200 border-b p-1"
        >
          {BUTTONS.filter(({ format }) => subheadings || format !== 'subheading').map(
            ({ format, label: name, Icon }) => (
              <button
                key={format}
                type="button"
                aria-label={name}
                aria-pressed={active[format]}
                title={name}
                // Keeps the selection in the text while the button is pressed.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => apply(format)}
                className="inline-flex size-9 items-center justify-center rounded text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-slate-900 aria-pressed:bg-slate-200 aria-pressed:text-slate-900"
              >
                <Icon className="size-4" aria-hidden />
              </button>
            ),
          )}
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: formatted text needs an editable region; a textarea holds plain text only */}
        <div
          ref={region}
          id={id}
          role="textbox"
          tabIndex={0}
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          contentEditable
          suppressContentEditableWarning
          onInput={changed}
          onKeyUp={readFormats}
          className="rich-text min-h-32 px-3 py-2 text-slate-800 text-sm focus:outline-none"
          // The starting HTML, once: later the region is the browser's, and React leaves it alone.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: stored descriptions are sanitized on save (docs/adr/044-rich-text.md)
          dangerouslySetInnerHTML={{ __html: initial }}
        />
      </div>
      {name ? <input type="hidden" name={name} value={html} /> : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
