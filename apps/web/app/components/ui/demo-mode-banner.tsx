import { FlaskConical } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

export const DEMO_MODE_TEXT = 'Demo mode — no real payment';

/** What the banner adds, for whom. */
const DETAIL = {
  shopper: 'Cards go to a test provider: no card is charged.',
  staff:
    'Card payments go to the built-in test provider and no money is taken. Set the Stripe keys to take real payments.',
} as const;

/**
 * While the built-in test provider takes the cards, every checkout page, the confirmation
 * and every admin page say so plainly. A note (ARIA `note`), read with the page: not a live `status`
 * region, which is for messages that appear after an action (a page's "Login Successful!" is one);
 * dark amber on light amber passes WCAG AA contrast.
 */
export function DemoModeBanner({ audience, className }: { audience: keyof typeof DETAIL; className?: string }) {
  return (
    <div
      role="note"
      data-testid="demo-mode-banner"
      className={cn(
        'flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950 text-sm',
        className,
      )}
    >
      <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        <strong className="font-semibold">{DEMO_MODE_TEXT}</strong>. {DETAIL[audience]}
      </p>
    </div>
  );
}
