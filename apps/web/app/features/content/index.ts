/** The content feature's public face (issue 12 point 4): a page body parsed into blocks, and their rendering. */
export { ContentBlocks } from './content-body.tsx';
export { type Block, type FaqSection, faqSections, parseBody } from './parse-body.ts';
