import { richTextToText } from '@shop/contracts/rich-text';

/** One question of the help centre and the HTML that answers it. */
export interface Faq {
  question: string;
  answer: string;
}
/** A section of the help centre: its heading's text (empty before the first heading), its HTML before the first question, its questions. */
export interface HelpSection {
  title: string;
  intro: string;
  faqs: Faq[];
}

/** Elements without a closing tag in the allow-list (docs/adr/044-rich-text.md). */
const VOID = new Set(['br']);

/** The tag name after `<` or `</` at `at`, lowercased (the allow-list's names are short: a few characters read). */
function tagName(html: string, at: number, end: number): string {
  const match = /^[a-zA-Z][a-zA-Z0-9]*/.exec(html.slice(at, Math.min(end, at + 10)));
  return match ? match[0].toLowerCase() : '';
}

/**
 * The help centre's sections from a page body (rich text as the server stores it: sanitized, so
 * well-formed and of the allow-list only). A top-level `h2` opens a section, a top-level `h3` is a
 * question answered by the blocks up to the next `h2` or `h3`; blocks before the first heading form an
 * untitled section. One pass from tag to tag, counting depth: linear in the length.
 */
export function helpSections(html: string): HelpSection[] {
  const sections: HelpSection[] = [];
  let section: HelpSection | undefined;
  let faq: Faq | undefined;
  let depth = 0;
  /** Where the HTML not yet given to a section or answer starts. */
  let pending = 0;
  let heading: { level: string; innerStart: number } | undefined;

  const flush = (end: number) => {
    const part = html.slice(pending, end).trim();
    if (part === '') return;
    if (faq) faq.answer += part;
    else {
      if (!section) {
        section = { title: '', intro: '', faqs: [] };
        sections.push(section);
      }
      section.intro += part;
    }
  };

  let i = 0;
  for (;;) {
    const open = html.indexOf('<', i);
    if (open < 0) break;
    const close = html.indexOf('>', open);
    if (close < 0) break;
    const closing = html.charCodeAt(open + 1) === 47; // '/'
    const name = tagName(html, open + (closing ? 2 : 1), close);
    if (closing) {
      depth = Math.max(0, depth - 1);
      if (depth === 0 && heading?.level === name) {
        const title = richTextToText(html.slice(heading.innerStart, open));
        if (name === 'h2') {
          section = { title, intro: '', faqs: [] };
          sections.push(section);
          faq = undefined;
        } else {
          if (!section) {
            section = { title: '', intro: '', faqs: [] };
            sections.push(section);
          }
          faq = { question: title, answer: '' };
          section.faqs.push(faq);
        }
        heading = undefined;
        pending = close + 1;
      }
    } else {
      if (depth === 0 && (name === 'h2' || name === 'h3')) {
        flush(open);
        heading = { level: name, innerStart: close + 1 };
      }
      if (!VOID.has(name) && html.charCodeAt(close - 1) !== 47) depth++;
    }
    i = close + 1;
  }
  flush(html.length);
  return sections;
}
