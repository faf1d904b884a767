/** Blank-line separated paragraphs of the owner's plain text (a rich text section, a banner's text). */
export function paragraphs(value: string): string[] {
  return value
    .split(/\r?\n[ \t]*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}
