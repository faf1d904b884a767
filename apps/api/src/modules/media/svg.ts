/**
 * Catalogue pictures drawn on the server: a gradient, a few soft shapes, a line-art icon for the kind
 * of thing and the name. Everything derives from a seed string, so a picture never changes between
 * requests or processes, and no image ever comes from another host.
 */

export type ArtKind =
  | 'phone'
  | 'laptop'
  | 'headphones'
  | 'camera'
  | 'tablet'
  | 'watch'
  | 'shirt'
  | 'shoe'
  | 'glasses'
  | 'bag'
  | 'sofa'
  | 'pot'
  | 'flower'
  | 'lamp'
  | 'bed'
  | 'fridge'
  | 'dumbbell'
  | 'tent'
  | 'ball'
  | 'bike'
  | 'wave'
  | 'book'
  | 'record'
  | 'film'
  | 'sparkle';

/** Line-art icons in a 100×100 box, stroked in white by the caller. */
const ICONS: Record<ArtKind, string> = {
  phone: '<rect x="30" y="8" width="40" height="84" rx="8"/><path d="M44 16h12"/><circle cx="50" cy="83" r="3"/>',
  laptop: '<rect x="18" y="20" width="64" height="44" rx="3"/><path d="M8 70h84l-6 9H14z"/><path d="M44 74h12"/>',
  headphones:
    '<path d="M20 62V50a30 30 0 0 1 60 0v12"/><rect x="14" y="56" width="16" height="26" rx="6"/><rect x="70" y="56" width="16" height="26" rx="6"/>',
  camera:
    '<path d="M36 30l6-9h16l6 9"/><rect x="10" y="30" width="80" height="52" rx="8"/><circle cx="50" cy="56" r="17"/><circle cx="50" cy="56" r="8"/><circle cx="78" cy="40" r="2.5"/>',
  tablet: '<rect x="20" y="10" width="60" height="80" rx="7"/><rect x="27" y="18" width="46" height="60" rx="2"/>',
  watch:
    '<path d="M38 8h24l-3 20H41zM41 72h18l3 20H38z"/><rect x="28" y="28" width="44" height="44" rx="12"/><path d="M50 40v11l7 5"/>',
  shirt: '<path d="M36 14L20 22 8 40l14 8 6-8v48h44V40l6 8 14-8-12-18-16-8q-14 13-28 0z"/>',
  shoe: '<path d="M8 64q2-20 18-22l12-2q8 12 24 14l24 6q8 4 6 14H12q-6-2-4-10z"/><path d="M8 70h84"/><path d="M38 48l6-2M44 52l6-2"/>',
  glasses:
    '<circle cx="28" cy="54" r="16"/><circle cx="72" cy="54" r="16"/><path d="M44 52q6-6 12 0M12 50L4 36M88 50l8-14"/>',
  bag: '<rect x="16" y="36" width="68" height="52" rx="6"/><path d="M34 36v-8a16 16 0 0 1 32 0v8"/><path d="M16 52h68"/>',
  sofa: '<rect x="20" y="30" width="60" height="26" rx="6"/><rect x="10" y="44" width="80" height="26" rx="8"/><path d="M18 70v10M82 70v10"/>',
  pot: '<path d="M18 42h64v26q0 16-16 16H34q-16 0-16-16z"/><path d="M18 50H8M82 50h10M30 42q0-12 20-12t20 12"/><path d="M50 30v-6"/>',
  flower:
    '<circle cx="50" cy="36" r="8"/><circle cx="50" cy="20" r="9"/><circle cx="65" cy="32" r="9"/><circle cx="59" cy="49" r="9"/><circle cx="41" cy="49" r="9"/><circle cx="35" cy="32" r="9"/><path d="M50 56v36M50 76q-14-2-18-14M50 82q12-2 16-12"/>',
  lamp: '<path d="M32 14h36l12 34H20z"/><path d="M50 48v34M32 88h36"/>',
  bed: '<path d="M10 28v58M90 56v30"/><rect x="10" y="56" width="80" height="16"/><rect x="18" y="42" width="22" height="14" rx="4"/><path d="M10 72h80"/>',
  fridge: '<rect x="26" y="6" width="48" height="88" rx="5"/><path d="M26 38h48M34 18v12M34 48v16"/>',
  dumbbell:
    '<path d="M26 50h48"/><rect x="10" y="32" width="10" height="36" rx="3"/><rect x="20" y="38" width="8" height="24" rx="2"/><rect x="80" y="32" width="10" height="36" rx="3"/><rect x="72" y="38" width="8" height="24" rx="2"/>',
  tent: '<path d="M6 84L50 16l44 68z"/><path d="M50 16L38 84M50 16l12 68M30 84l20-30 20 30"/>',
  ball: '<circle cx="50" cy="50" r="36"/><path d="M14 50h72M50 14v72M24 24q14 26 0 52M76 24q-14 26 0 52"/>',
  bike: '<circle cx="24" cy="64" r="16"/><circle cx="76" cy="64" r="16"/><path d="M24 64l16-28h26l10 28M40 36l12 28h-28M52 64l14-28M36 28h10M62 28h10"/>',
  wave: '<path d="M6 40q11-12 22 0t22 0 22 0 22 0M6 58q11-12 22 0t22 0 22 0 22 0M6 76q11-12 22 0t22 0 22 0 22 0"/><circle cx="74" cy="18" r="8"/>',
  book: '<path d="M50 26q-16-10-40-8v62q24-2 40 8 16-10 40-8V18q-24-2-40 8z"/><path d="M50 26v62"/>',
  record:
    '<circle cx="50" cy="50" r="40"/><circle cx="50" cy="50" r="28"/><circle cx="50" cy="50" r="12"/><circle cx="50" cy="50" r="2"/>',
  film: '<rect x="10" y="22" width="80" height="56" rx="4"/><path d="M24 22v56M76 22v56M10 36h14M10 50h14M10 64h14M76 36h14M76 50h14M76 64h14"/><path d="M44 40l14 10-14 10z"/>',
  sparkle: '<path d="M50 8l8 34 34 8-34 8-8 34-8-34-34-8 34-8z"/>',
};

/** Picture kind per subcategory slug, falling back to the category (admins may add new ones). */
const KIND_BY_SUBCATEGORY: Record<string, ArtKind> = {
  smartphones: 'phone',
  laptops: 'laptop',
  headphones: 'headphones',
  cameras: 'camera',
  tablets: 'tablet',
  smartwatches: 'watch',
  "men's clothing": 'shirt',
  "women's clothing": 'shirt',
  shoes: 'shoe',
  accessories: 'glasses',
  bags: 'bag',
  furniture: 'sofa',
  kitchen: 'pot',
  garden: 'flower',
  decor: 'lamp',
  bedding: 'bed',
  appliances: 'fridge',
  fitness: 'dumbbell',
  outdoor: 'tent',
  'team sports': 'ball',
  cycling: 'bike',
  running: 'shoe',
  'water sports': 'wave',
  fiction: 'book',
  'non-fiction': 'book',
  "children's books": 'book',
  music: 'record',
  movies: 'film',
  audiobooks: 'headphones',
};
const KIND_BY_CATEGORY: Record<string, ArtKind> = {
  electronics: 'phone',
  fashion: 'shirt',
  home: 'lamp',
  sports: 'dumbbell',
  books: 'book',
};

export function artKind(categoryId: string, subcategorySlug?: string | null): ArtKind {
  return (subcategorySlug && KIND_BY_SUBCATEGORY[subcategorySlug]) || KIND_BY_CATEGORY[categoryId] || 'sparkle';
}

/** FNV-1a: a stable 32-bit hash of the seed string. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A small PRNG (xorshift32) so one seed yields a whole picture. */
function numbers(seed: string) {
  let x = hash(seed) || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4_294_967_296;
  };
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Advance widths of the printable ASCII characters (' ' to '~') in bold DejaVu Sans, in thousandths of
 * an em: the widest of the fonts a browser picks for our font stack (it is what Linux falls back to;
 * Segoe UI, Roboto and San Francisco are narrower), so text measured with it fits everywhere.
 */
const BOLD_WIDTHS = [
  348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696, 696, 696, 696, 696,
  696, 696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995,
  837, 850, 733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500, 500, 675, 716, 593, 716,
  678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712,
  365, 712, 838,
];
/** Anything else (…, –, CJK, emoji) counts as a full em: never narrower than it really is. */
const OTHER_WIDTH = 1000;

/** The width of `text` in pixels at `fontSize`, bold, with `letterSpacing` pixels after each character. */
export function textWidth(text: string, fontSize: number, letterSpacing = 0): number {
  let units = 0;
  let chars = 0;
  // 'é' measures as 'e': accents sit above their letter and take no width of their own.
  for (const ch of text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')) {
    const code = ch.codePointAt(0) ?? 0;
    units += (code >= 32 && code <= 126 ? BOLD_WIDTHS[code - 32] : undefined) ?? OTHER_WIDTH;
    chars += 1;
  }
  return (units / 1000) * fontSize + chars * letterSpacing;
}

/** Words into lines no wider than `maxWidth`; a word wider than a line is cut with '…'. */
function wrapToWidth(text: string, maxWidth: number, width: (s: string) => number): string[] {
  const fit = (word: string) => {
    if (width(word) <= maxWidth) return word;
    let cut = word;
    while (cut.length > 1 && width(`${cut}…`) > maxWidth) cut = cut.slice(0, -1);
    return `${cut}…`;
  };
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (width(next) <= maxWidth) line = next;
    else {
      if (line) lines.push(line);
      line = fit(word);
    }
  }
  if (line) lines.push(line);
  return lines;
}

export interface FittedText {
  lines: string[];
  fontSize: number;
}

/**
 * A title that always fits inside `maxWidth`. The largest size from `fontSize`
 * down to `minFontSize` at which it wraps into `maxLines` lines wins; failing that, the smallest size
 * with `extraLines` more; only a text too long even for that ends in '…' (by measured width, not by count).
 */
export function fitText(
  text: string,
  opts: {
    maxWidth: number;
    fontSize: number;
    minFontSize: number;
    maxLines: number;
    /** Lines the smallest size may add before the text is cut. */
    extraLines?: number;
    letterSpacing?: number;
  },
): FittedText {
  const { maxWidth, minFontSize, maxLines, extraLines = 1, letterSpacing = 0 } = opts;
  const layout = (size: number) => wrapToWidth(text, maxWidth, (s) => textWidth(s, size, letterSpacing));
  for (let size = opts.fontSize; size >= minFontSize; size -= 2) {
    const lines = layout(size);
    if (lines.length <= maxLines && !lines.some((l) => l.endsWith('…'))) return { lines, fontSize: size };
  }
  const fontSize = minFontSize;
  const lines = layout(fontSize);
  if (lines.length <= maxLines + extraLines) return { lines, fontSize };
  const shown = lines.slice(0, maxLines + extraLines);
  let last = (shown.pop() ?? '').replace(/…$/, '');
  while (last.length > 1 && textWidth(`${last}…`, fontSize, letterSpacing) > maxWidth) last = last.slice(0, -1);
  shown.push(`${last.trimEnd()}…`);
  return { lines: shown, fontSize };
}

/** The share of the picture's width text may take: a margin on either side. */
export const TEXT_WIDTH_SHARE = 0.86;

export interface Art {
  /** Everything visual derives from this (e.g. the product slug). */
  seed: string;
  kind: ArtKind;
  title: string;
  subtitle?: string | null;
  /** 1, 2, 3…: a different composition of the same subject (product gallery views). */
  view?: number;
  width?: number;
  height?: number;
}

/** A complete SVG document. Text is escaped; nothing in it can run or load anything. */
export function renderArt(art: Art): string {
  const width = art.width ?? 800;
  const height = art.height ?? 800;
  const view = art.view ?? 1;
  const rnd = numbers(`${art.seed}#${view}`);
  const hue = hash(art.seed) % 360; // the same colour family in every view of one subject
  const hue2 = (hue + 30 + Math.floor(rnd() * 60)) % 360;
  const angle = (view - 1) * 60 + Math.floor(rnd() * 40);

  const blobs = Array.from({ length: 5 }, () => {
    const r = Math.round((0.08 + rnd() * 0.22) * Math.min(width, height));
    const cx = Math.round(rnd() * width);
    const cy = Math.round(rnd() * height);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" fill-opacity="${(0.05 + rnd() * 0.1).toFixed(2)}"/>`;
  }).join('');

  // View 1 centres the icon, view 2 tilts it, view 3 is a close-up; more views cycle.
  const size = Math.min(width, height) * (view % 3 === 0 ? 0.62 : 0.42);
  const cx = width / 2 + (view % 3 === 2 ? width * 0.12 : 0);
  const cy = height * (art.title ? 0.4 : 0.5);
  const tilt = view % 3 === 2 ? -12 : 0;
  const scale = size / 100;
  const icon = `<g transform="translate(${(cx - size / 2).toFixed(1)} ${(cy - size / 2).toFixed(1)}) rotate(${tilt} ${(size / 2).toFixed(1)} ${(size / 2).toFixed(1)}) scale(${scale.toFixed(3)})" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round" stroke-opacity="0.95">${ICONS[art.kind]}</g>`;

  const font = 'font-family="system-ui, -apple-system, \'Segoe UI\', Roboto, sans-serif"';
  const maxWidth = width * TEXT_WIDTH_SHARE;
  const base = Math.round(Math.min(width, height) * 0.06);
  const fitted = fitText(art.title, { maxWidth, fontSize: base, minFontSize: Math.round(base * 0.66), maxLines: 2 });
  const { lines, fontSize } = fitted;
  // With a third line the block starts higher, so the subtitle still ends inside the picture.
  const textTop = height * (lines.length > 2 ? 0.7 : 0.74);
  const title = lines
    .map(
      (line, i) =>
        `<text x="${width / 2}" y="${(textTop + i * fontSize * 1.2).toFixed(1)}" text-anchor="middle" ${font} font-size="${fontSize}" font-weight="700" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join('');
  let subtitle = '';
  if (art.subtitle) {
    const sub = fitText(art.subtitle.toUpperCase(), {
      maxWidth,
      fontSize: Math.round(fontSize * 0.6),
      minFontSize: Math.round(fontSize * 0.4),
      maxLines: 1,
      extraLines: 0,
      letterSpacing: 2,
    });
    subtitle = `<text x="${width / 2}" y="${(textTop + lines.length * fontSize * 1.2 + fontSize * 0.3).toFixed(1)}" text-anchor="middle" ${font} font-size="${sub.fontSize}" fill="#fff" fill-opacity="0.85" letter-spacing="2">${escapeXml(sub.lines[0] ?? '')}</text>`;
  }

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">`,
    `<title>${escapeXml(art.title)}</title>`,
    `<defs><linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="hsl(${hue} 70% 52%)"/><stop offset="1" stop-color="hsl(${hue2} 65% 34%)"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#g)"/>`,
    blobs,
    icon,
    title,
    subtitle,
    '</svg>',
  ].join('');
}
