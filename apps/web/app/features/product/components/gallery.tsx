import { type KeyboardEvent, useRef, useState } from 'react';
import { cn } from '../../../lib/cn.ts';

/**
 * A product's pictures: one large, thumbnails to switch. The thumbnails are one tab stop;
 * arrow keys, Home and End move between them and show the picture they land on. `featured` (the chosen
 * variant's picture) is shown whenever it changes, first among the thumbnails when the
 * product's own pictures do not include it.
 */
export function Gallery({ images: own, name, featured }: { images: string[]; name: string; featured?: string | null }) {
  const images = featured && !own.includes(featured) ? [featured, ...own] : own;
  const [index, setIndex] = useState(() => (featured ? Math.max(0, images.indexOf(featured)) : 0));
  // A new variant's picture is shown at once (set while rendering: no flash of the old one).
  const [shownFeatured, setShownFeatured] = useState(featured);
  if (featured !== shownFeatured) {
    setShownFeatured(featured);
    setIndex(featured ? Math.max(0, images.indexOf(featured)) : 0);
  }
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = images[index] ?? images[0];

  function show(next: number) {
    const n = (next + images.length) % images.length;
    setIndex(n);
    thumbs.current[n]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: images.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    show(next);
  }

  if (!current) return <div className="aspect-square w-full rounded-lg bg-slate-100" />;
  return (
    <div>
      {/* The first picture is the page's largest paint: eager, with its box reserved. */}
      <img
        src={current}
        alt={images.length > 1 ? `${name}, picture ${index + 1} of ${images.length}` : name}
        width={800}
        height={800}
        fetchPriority="high"
        className="aspect-square h-auto w-full rounded-lg bg-slate-100 object-cover"
      />
      {images.length > 1 ? (
        // biome-ignore lint/a11y/useSemanticElements: a toolbar of picture buttons, not a fieldset of inputs
        <div role="group" aria-label="Product pictures" className="mt-3 flex gap-3" onKeyDown={onKeyDown}>
          {images.map((src, i) => (
            <button
              key={src}
              ref={(el) => {
                thumbs.current[i] = el;
              }}
              type="button"
              tabIndex={i === index ? 0 : -1}
              aria-pressed={i === index}
              aria-label={`Show picture ${i + 1} of ${images.length}`}
              onClick={() => show(i)}
              className={cn(
                'overflow-hidden rounded-md border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900',
                i === index ? 'border-slate-900' : 'border-transparent hover:border-slate-300',
              )}
            >
              <img
                src={src}
                alt=""
                width={80}
                height={80}
                loading="lazy"
                decoding="async"
                className="size-16 bg-slate-100 object-cover sm:size-20"
              />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
