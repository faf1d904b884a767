/**
 * The plain-text body of a content page (contracts/content.ts) as blocks. Blocks are separated by
 * blank lines; `## ` starts a heading, `### ` a question, a block whose lines all start with `- ` is
 * a list, anything else a paragraph. Everything stays text: nothing here is ever HTML.
 */
export type Block =
  | { type: 'heading'; text: string }
  | { type: 'question'; text: string }
  | { type: 'list'; items: string[] }
  | { type: 'paragraph'; text: string };

export function parseBody(body: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of body.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/)) {
    const text = chunk.trim();
    if (!text) continue;
    const lines = text.split('\n').map((l) => l.trim());
    if (lines.length === 1 && text.startsWith('### ')) blocks.push({ type: 'question', text: text.slice(4).trim() });
    else if (lines.length === 1 && text.startsWith('## ')) blocks.push({ type: 'heading', text: text.slice(3).trim() });
    else if (lines.every((l) => l.startsWith('- ')))
      blocks.push({ type: 'list', items: lines.map((l) => l.slice(2).trim()) });
    else blocks.push({ type: 'paragraph', text: lines.join('\n') });
  }
  return blocks;
}

export interface Faq {
  question: string;
  /** The paragraphs and lists that answer it. */
  answer: Block[];
}
export interface FaqSection {
  title: string;
  /** Text before the first question of the section. */
  intro: Block[];
  faqs: Faq[];
}

/**
 * The help centre's and FAQ's sections: each heading opens a section, each question collects the
 * blocks up to the next question or heading. Text before the first heading forms an untitled section.
 */
export function faqSections(blocks: Block[]): FaqSection[] {
  const sections: FaqSection[] = [];
  let section: FaqSection | undefined;
  let faq: Faq | undefined;
  for (const block of blocks) {
    if (block.type === 'heading') {
      section = { title: block.text, intro: [], faqs: [] };
      sections.push(section);
      faq = undefined;
      continue;
    }
    if (!section) {
      section = { title: '', intro: [], faqs: [] };
      sections.push(section);
    }
    if (block.type === 'question') {
      faq = { question: block.text, answer: [] };
      section.faqs.push(faq);
    } else if (faq) faq.answer.push(block);
    else section.intro.push(block);
  }
  return sections;
}
