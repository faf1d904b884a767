/**
 * Validation runs in linear time. A string's maximum length is checked first and,
 * when it fails, stops validation there (`abort`), so no pattern or refinement ever reads more than
 * `max` characters. Use as `.max(254, stopAt('Email is invalid'))`.
 */
export function stopAt(error: string) {
  return { error, abort: true } as const;
}

/**
 * `value` without `char` repeated at its end (and start, with `trimChar`). A loop rather than
 * `/-+$/`: that pattern is retried from every dash of a long run, which is quadratic.
 */
export function trimEndChar(value: string, char: string): string {
  let end = value.length;
  while (end > 0 && value[end - 1] === char) end--;
  return value.slice(0, end);
}

export function trimChar(value: string, char: string): string {
  let start = 0;
  while (start < value.length && value[start] === char) start++;
  return trimEndChar(value.slice(start), char);
}
