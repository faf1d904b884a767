import { zodResolver } from '@hookform/resolvers/zod';
import { type Review, type ReviewBody, reviewBody } from '@shop/contracts/account';
import { Star } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, FormAlert } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LabelledField } from '../../../components/ui/labelled-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { failureMessage } from '../../../lib/http.ts';
import { useErrorTimeout } from '../../auth/index.ts';
import { postReview } from '../api/post-review.ts';
import { REVIEW_TEXT } from '../messages.ts';

type ReviewInput = z.input<typeof reviewBody>;
const RATINGS = [1, 2, 3, 4, 5] as const;

/** Rating 1–5 as native radio buttons drawn as stars: arrow keys, one tab stop, announced as a group. */
function RatingInput({
  name,
  value,
  onChange,
  errorId,
  invalid,
}: {
  name: string;
  value: number | undefined;
  onChange: (rating: number) => void;
  errorId: string;
  invalid: boolean;
}) {
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value ?? 0;
  return (
    <fieldset aria-describedby={invalid ? errorId : undefined}>
      <legend className="font-medium text-slate-800 text-sm">Your rating</legend>
      <div className="mt-1 flex" onPointerLeave={() => setHover(null)}>
        {RATINGS.map((n) => (
          <label
            key={n}
            className="relative cursor-pointer rounded p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-slate-900"
            onPointerEnter={() => setHover(n)}
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              aria-invalid={invalid || undefined}
              className="sr-only"
            />
            <Star
              aria-hidden="true"
              className={cn('size-7', n <= shown ? 'fill-amber-500 text-amber-500' : 'text-slate-400')}
            />
            <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The review form of a product page, for a signed-in buyer who has not reviewed it yet:
 * rating, title and text, checked by the contract's rules. Loaded only for such a buyer.
 */
export default function ReviewForm({ productId, onPosted }: { productId: string; onPosted: (review: Review) => void }) {
  const id = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ReviewInput, unknown, ReviewBody>({
    resolver: zodResolver(reviewBody),
    defaultValues: { title: '', body: '' },
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;
  // docs/product.md §4: form errors clear 2 s after a submit.
  const scheduleClear = useErrorTimeout(() => {
    form.clearErrors();
    setServerError(null);
  });

  async function onValid(body: ReviewBody) {
    setServerError(null);
    try {
      onPosted(await postReview(productId, body));
    } catch (error) {
      setServerError(await failureMessage(error, REVIEW_TEXT.postFailed));
      scheduleClear();
    }
  }

  return (
    <form
      method="post"
      noValidate
      aria-label="Write a review"
      onSubmit={form.handleSubmit(onValid, scheduleClear)}
      className="space-y-4"
    >
      <FormAlert tone="error">{serverError}</FormAlert>
      <div>
        <Controller
          control={form.control}
          name="rating"
          render={({ field }) => (
            <RatingInput
              name={`${id}-rating`}
              value={field.value}
              onChange={field.onChange}
              errorId={`${id}-rating-error`}
              invalid={Boolean(errors.rating)}
            />
          )}
        />
        <FieldError id={`${id}-rating-error`} message={errors.rating?.message} />
      </div>
      <LabelledField id={`${id}-title`} label="Title" error={errors.title?.message}>
        {(control) => <Input {...control} maxLength={120} {...form.register('title')} />}
      </LabelledField>
      <LabelledField id={`${id}-body`} label="Your review" error={errors.body?.message}>
        {(control) => (
          <textarea
            {...control}
            rows={5}
            maxLength={5000}
            className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-slate-900 aria-[invalid=true]:border-red-600"
            {...form.register('body')}
          />
        )}
      </LabelledField>
      <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? <Spinner /> : null}
        {isSubmitting ? 'Posting...' : 'Post review'}
      </Button>
    </form>
  );
}
