import { z } from 'zod';
import { RICH_TEXT_CHARS } from './rich-text.ts';
import { stopAt } from './text.ts';

/** A rich text field: HTML the server sanitizes on save; only its length is checked here. */
export const richText = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .max(RICH_TEXT_CHARS, stopAt(`${name} must be at most ${RICH_TEXT_CHARS} characters`))
    .trim();
