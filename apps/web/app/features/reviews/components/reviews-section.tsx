import type { Review, ReviewList } from '@shop/contracts/account';
import { type ReactNode, useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { loadable, useLoadable } from '../../../lib/lazy-island.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { syncSessionFromStorage, useSession } from '../../auth/index.ts';
import { openSiteDialog, preloadSiteDialog } from '../../shell/index.ts';
import { getReviews } from '../api/get-reviews.ts';
import { REVIEW_TEXT } from '../messages.ts';
import { formatAverage, formatReviewDate, type ReviewSummary, reviewCountLabel, withReview } from '../summary.ts';
import { StarRating } from './star-rating.tsx';

// The form (react-hook-form, zod, the API client) loads only for a buyer who may review.
const reviewForm = loadable(() => import('./review-form.tsx').then((m) => m.default));

/** What the signed-in viewer may do; null while unknown (server render, loading, guests). */
type Viewer = Pick<ReviewList, 'can_review' | 'reviewed'>;

export interface ReviewsSectionProps {
  productId: string;
  /** The reviews as a guest sees them, read by the page's loader: the list is in the server HTML. */
  initial: ReviewList;
}

/**
 * Reviews of a product page: average, count and the list, server-rendered; once the page is
 * hydrated, a signed-in viewer's rights are asked for and a buyer who has not reviewed gets the form.
 * A posted review shows at once; the page's loader then runs again for the exact figures.
 */
export default function ReviewsSection({ productId, initial }: ReviewsSectionProps) {
  const hydrated = useHydrated();
  const userId = useSession((s) => (s.isAuthenticated ? (s.user?.id ?? null) : null));
  const revalidator = useRevalidator();
  const [summary, setSummary] = useState<ReviewSummary>(initial);
  const [viewer, setViewer] = useState<Viewer | null>(null);
  const [posted, setPosted] = useState(false);

  // The loader ran again (after a post, or another navigation): its figures are the latest.
  useEffect(() => setSummary(initial), [initial]);

  useEffect(() => {
    syncSessionFromStorage();
  }, []);

  useEffect(() => {
    setViewer(null);
    if (!hydrated || !userId) return;
    const controller = new AbortController();
    getReviews(productId, controller.signal).then(
      (list) => {
        setSummary(list);
        setViewer({ can_review: list.can_review, reviewed: list.reviewed });
      },
      () => undefined, // The list from the server render stays; the viewer just gets no form.
    );
    return () => controller.abort();
  }, [hydrated, userId, productId]);

  const ReviewForm = useLoadable(reviewForm, viewer?.can_review === true);

  function onPosted(review: Review) {
    setSummary((s) => withReview(s, review));
    setViewer({ can_review: false, reviewed: true });
    setPosted(true);
    void revalidator.revalidate();
  }

  let write: ReactNode = null;
  if (hydrated && !userId) {
    write = (
      <div className="space-y-3">
        <p className="text-slate-700 text-sm">{REVIEW_TEXT.signInToReview}</p>
        <Button
          variant="outline"
          size="sm"
          onPointerEnter={() => preloadSiteDialog('login')}
          onFocus={() => preloadSiteDialog('login')}
          onClick={() => openSiteDialog('login')}
        >
          Sign in
        </Button>
      </div>
    );
  } else if (viewer?.can_review) {
    write = ReviewForm ? <ReviewForm productId={productId} onPosted={onPosted} /> : null;
  } else if (viewer?.reviewed) {
    write = (
      <p role="status" className="text-green-800 text-sm">
        {posted ? REVIEW_TEXT.posted : REVIEW_TEXT.reviewed}
      </p>
    );
  } else if (viewer) {
    write = <p className="text-slate-700 text-sm">{REVIEW_TEXT.notABuyer}</p>;
  }

  return (
    <section aria-labelledby="reviews-heading" id="reviews" className="mt-16">
      <h2 id="reviews-heading" className="font-semibold text-2xl">
        Customer reviews
      </h2>
      <div className="mt-6 grid gap-10 md:grid-cols-[18rem_minmax(0,1fr)]">
        <div className="space-y-6">
          <div data-testid="reviews-summary">
            {summary.count > 0 ? (
              <>
                <p className="flex items-center gap-2">
                  <StarRating value={summary.average} className="text-xl" />
                  <span className="font-semibold text-lg" data-testid="reviews-average">
                    {formatAverage(summary.average)}
                    <span className="sr-only"> out of 5</span>
                  </span>
                </p>
                <p className="mt-1 text-slate-600 text-sm" data-testid="reviews-count">
                  {reviewCountLabel(summary.count)}
                </p>
              </>
            ) : (
              <p className="text-slate-600" data-testid="reviews-count">
                {REVIEW_TEXT.none}
              </p>
            )}
          </div>
          <div className="min-h-10">{write}</div>
        </div>
        {summary.items.length > 0 ? (
          <ol className="divide-y divide-slate-200" aria-label="Reviews">
            {summary.items.map((review) => (
              <li key={review.id} className="py-5 first:pt-0">
                <article aria-labelledby={`review-${review.id}`}>
                  <StarRating value={review.rating} className="text-base" />
                  {/* Titles and text are the shopper's words: React renders them as text, never as HTML. */}
                  <h3 id={`review-${review.id}`} className="mt-2 font-semibold">
                    {review.title}
                  </h3>
                  <p className="mt-1 text-slate-600 text-sm">
                    {review.author} · <time dateTime={review.created_at}>{formatReviewDate(review.created_at)}</time>
                    {review.variant ? ` · Bought: ${review.variant}` : null}
                  </p>
                  <p className="mt-3 whitespace-pre-line break-words text-slate-800">{review.body}</p>
                </article>
              </li>
            ))}
          </ol>
        ) : null}
      </div>
    </section>
  );
}
