import { DELAYS } from '@shop/contracts/constants';
import { LoaderCircle } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import type { LoadingVariant } from './loading-variants.ts';

/** Each variant's heading and the tips that rotate beneath it (docs/product.md §2; texts are ours). */
export const LOADING_TEXT: Record<LoadingVariant, { title: string; tips: string[] }> = {
  products: {
    title: 'Loading products…',
    tips: [
      'Filter by category, brand and price to find the right product faster.',
      'Sort by newest to see what just arrived.',
      'Tap the heart on a product to keep it in your wishlist.',
      'Discounts show on every product card, so you never miss a deal.',
    ],
  },
  checkout: {
    title: 'Preparing your checkout…',
    tips: [
      'Prices and stock are checked once more before you pay.',
      'Double-check your shipping address before placing the order.',
      'You can pay by card or later with an invoice.',
      'Your cart is saved, so you can come back to it at any time.',
    ],
  },
  shipping: {
    title: 'Calculating shipping…',
    tips: [
      'Shipping costs are shown before you pay.',
      'You can follow your order from the Orders page.',
      'Make sure someone can receive the parcel at the address you give.',
      'The Shipping page lists delivery times and costs.',
    ],
  },
  profile: {
    title: 'Loading your account…',
    tips: [
      'Keep your contact details up to date for smooth deliveries.',
      'Your past orders are listed under Orders.',
      'Use a long, unique password for your account.',
      'Your wishlist follows you to every device you sign in on.',
    ],
  },
  general: {
    title: 'Loading…',
    tips: [
      'Browse every department from Categories in the menu.',
      'Search finds products by name and description.',
      'Need a hand? The Help Center answers the most common questions.',
      'Subscribe to the newsletter at the bottom of the page for offers.',
    ],
  },
};

/** The tip shown now; the next one every 2 s (docs/product.md §9 'Tip rotation 2 s'). */
export function useRotatingTip(tips: readonly string[], intervalMs: number = DELAYS.tipRotationMs): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (tips.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % tips.length), intervalMs);
    return () => clearInterval(timer);
  }, [tips, intervalMs]);
  return index % Math.max(tips.length, 1);
}

/**
 * A loading screen in one of the documented variants (docs/product.md §2): a spinner, what is loading, and tips that
 * rotate every 2 s. `overlay` covers the page (route changes); otherwise it fills the page's place.
 */
export function LoadingScreen({
  variant = 'general',
  overlay = false,
}: {
  variant?: LoadingVariant;
  overlay?: boolean;
}) {
  const { title, tips } = LOADING_TEXT[variant];
  const tip = tips[useRotatingTip(tips)];
  const titleId = useId();
  return (
    <section
      className={cn(
        'flex flex-col items-center justify-center px-6 text-center',
        overlay ? 'fixed inset-0 z-50 bg-white/95' : 'min-h-[60vh] py-16',
      )}
      data-loading-variant={variant}
      aria-labelledby={titleId}
    >
      <LoaderCircle className="size-10 text-slate-700 motion-safe:animate-spin" aria-hidden="true" />
      {/* The heading is announced once; the rotating tips are not (they would interrupt every 2 s). */}
      <p id={titleId} role="status" className="mt-4 font-semibold text-lg text-slate-900">
        {title}
      </p>
      <p className="mt-3 max-w-md text-slate-700" aria-live="off">
        <span className="font-medium">Tip: </span>
        <span data-testid="loading-tip">{tip}</span>
      </p>
    </section>
  );
}
