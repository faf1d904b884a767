import { FILTER_KEYS } from './listing-url.ts';

/**
 * The listing filters' one model. Every control applies as it changes: a choice
 * (select, checkbox) at once, typed text (search, prices) after a pause of `delayMs`, or at once on
 * Enter or when the field is left. The URL is the source of truth, yet what the shopper is typing is
 * never overwritten by it:
 *
 * - `target` is the query last asked for: the settled URL, plus the changes applied since. Every
 *   change is applied on top of the *latest* target, so a pause ending after another control changed
 *   keeps that change instead of undoing it with the query it started from.
 * - `drafts` hold the text of a field while it is focused or has a change not yet applied. While a
 *   field has a draft, the URL never replaces what it shows.
 * - `settle(values)` is called when no navigation is in flight (the URL and the page agree): the
 *   controls follow the URL (after a link, Back, or our own navigation), except a field with a draft.
 *
 * Plain TypeScript with an injected clock, so its rules are tested with fake timers; the hook in
 * use-filter-model.ts binds it to React Router.
 */

/** The listing's filter fields, as the form shows them (strings; '' is "no filter"). */
export type FilterKey = (typeof FILTER_KEYS)[number];
export type FilterValues = Readonly<Record<FilterKey, string>>;

/** The fields typed into; the others are chosen. */
export const TEXT_KEYS = ['q', 'min_price', 'max_price'] as const;
export type TextKey = (typeof TEXT_KEYS)[number];
export const isTextKey = (key: FilterKey): key is TextKey => (TEXT_KEYS as readonly string[]).includes(key);

/** The pause after the last keystroke before typed text applies (300–500 ms). */
export const FILTER_TYPING_DELAY_MS = 400;

export interface ApplyOptions {
  /** Replace the current history entry (a refinement of what was just typed) instead of adding one. */
  replace: boolean;
}

export interface FilterModelOptions {
  /** The values the URL holds now. */
  values: FilterValues;
  /** Navigate to a listing with these values (from page 1). */
  apply: (values: FilterValues, options: ApplyOptions) => void;
  delayMs?: number;
  /** The clock; tests pass fake timers. */
  timers?: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout };
}

export class FilterModel {
  private target: FilterValues;
  private drafts: Partial<Record<TextKey, string>> = {};
  /** Drafts typed since they were last applied. */
  private readonly unapplied = new Set<TextKey>();
  private focused: TextKey | undefined;
  /** The field whose typing made the last navigation: its next one replaces that history entry. */
  private typedLast: TextKey | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private shown: FilterValues;
  private readonly listeners = new Set<() => void>();
  private readonly apply: FilterModelOptions['apply'];
  private readonly delayMs: number;
  private readonly timers: NonNullable<FilterModelOptions['timers']>;

  constructor(options: FilterModelOptions) {
    this.target = options.values;
    this.shown = options.values;
    this.apply = options.apply;
    this.delayMs = options.delayMs ?? FILTER_TYPING_DELAY_MS;
    // Wrapped: a browser's setTimeout called as a method of another object throws "Illegal invocation".
    this.timers = options.timers ?? {
      setTimeout: ((run: () => void, ms: number) => globalThis.setTimeout(run, ms)) as typeof setTimeout,
      clearTimeout: (id) => globalThis.clearTimeout(id),
    };
  }

  /** What the controls show: the target, with the drafts over it. Stable until something changes. */
  readonly snapshot = (): FilterValues => this.shown;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A select or checkbox changed: apply at once, with any text typed but not yet applied. */
  choose(key: FilterKey, value: string): void {
    const next: Record<FilterKey, string> = { ...this.target, ...this.takeUnapplied(), [key]: value };
    // A subcategory belongs to its category: a new category starts without one.
    if (key === 'category') next.subcategory = '';
    this.typedLast = undefined;
    this.go(next, { replace: false });
  }

  /** Text typed into a field: shown at once, applied after the pause. */
  type(key: TextKey, text: string): void {
    this.drafts[key] = text;
    this.unapplied.add(key);
    this.restartTimer();
    this.changed();
  }

  focus(key: TextKey): void {
    this.focused = key;
    // A new visit to a field is a new step in the history.
    this.typedLast = undefined;
  }

  /** Leaving a field applies what was typed in it; a field left as applied follows the URL again. */
  blur(key: TextKey): void {
    if (this.focused === key) this.focused = undefined;
    if (this.unapplied.size > 0) this.flush();
    else if (this.drafts[key] !== undefined) {
      delete this.drafts[key];
      this.changed();
    }
  }

  /** Enter in a field: apply what was typed now. */
  flush(): void {
    this.stopTimer();
    const typed = this.takeUnapplied();
    const keys = Object.keys(typed) as TextKey[];
    if (keys.length === 0) return;
    const replace = keys.length === 1 && keys[0] === this.typedLast;
    this.typedLast = keys.length === 1 ? keys[0] : undefined;
    this.go({ ...this.target, ...typed }, { replace });
  }

  /**
   * The URL settled on `values` (no navigation in flight). Choices show them; a field keeps its
   * draft while it is focused or holds text not yet applied, and follows the URL otherwise.
   */
  settle(values: FilterValues): void {
    this.target = values;
    for (const key of TEXT_KEYS) {
      if (key !== this.focused && !this.unapplied.has(key)) delete this.drafts[key];
    }
    this.changed();
  }

  /** Stops a pending pause (the form is going away). */
  dispose(): void {
    this.stopTimer();
  }

  private takeUnapplied(): Partial<Record<TextKey, string>> {
    const typed: Partial<Record<TextKey, string>> = {};
    for (const key of this.unapplied) typed[key] = this.drafts[key] ?? '';
    this.unapplied.clear();
    this.stopTimer();
    return typed;
  }

  private go(next: FilterValues, options: ApplyOptions): void {
    const same = FILTER_KEYS.every((key) => next[key].trim() === this.target[key].trim());
    this.target = next;
    this.changed();
    if (!same) this.apply(next, options);
  }

  private restartTimer(): void {
    this.stopTimer();
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, this.delayMs);
  }

  private stopTimer(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private changed(): void {
    const shown = { ...this.target, ...this.drafts };
    if (FILTER_KEYS.every((key) => shown[key] === this.shown[key])) return;
    this.shown = shown;
    for (const listener of this.listeners) listener();
  }
}
