/** The content feature's public face: the help centre's sections read from a page's rich text. */
export { type Faq, type HelpSection, helpSections } from './help-sections.ts';
