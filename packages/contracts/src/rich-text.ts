import { z } from 'zod';
import { stopAt } from './text.ts';

/**
 * The most characters of HTML a rich text (a product's or a category's description) may hold, checked
 * before anything reads it: the server's sanitizer parses only what passed (docs/adr/040-rich-text.md).
 */
export const RICH_TEXT_CHARS = 20_000;

/** A rich text field: HTML the server sanitizes on save; only its length is checked here. */
export const richText = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .max(RICH_TEXT_CHARS, stopAt(`${name} must be at most ${RICH_TEXT_CHARS} characters`))
    .trim();
