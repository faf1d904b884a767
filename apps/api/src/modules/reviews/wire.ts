import type { reviewList } from '@shop/contracts/account';
import type { z } from 'zod';
import { productVariants, reviews, users } from '../../db/schema.ts';

export type ReviewList = z.infer<typeof reviewList>;
export type Review = ReviewList['items'][number];

/** "Ada L.": enough to tell reviewers apart without publishing a full name. */
const authorName = (firstName: string, lastName: string) =>
  lastName ? `${firstName} ${lastName.charAt(0)}.` : firstName;

/** What a review answer needs (reviews joined to their authors). */
export const reviewColumns = {
  id: reviews.id,
  rating: reviews.rating,
  title: reviews.title,
  body: reviews.body,
  createdAt: reviews.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
  option1: productVariants.option1,
  option2: productVariants.option2,
  option3: productVariants.option3,
};

export function toReview(row: {
  id: string;
  rating: number;
  title: string;
  body: string;
  createdAt: Date;
  firstName: string;
  lastName: string;
  option1: string | null;
  option2: string | null;
  option3: string | null;
}): Review {
  const values = [row.option1, row.option2, row.option3].filter((v): v is string => v !== null);
  return {
    id: row.id,
    rating: row.rating,
    title: row.title,
    // Plain text, exactly as written: the web renders it as text, never as HTML.
    body: row.body,
    author: authorName(row.firstName, row.lastName),
    variant: values.length > 0 ? values.join(' / ') : null,
    created_at: row.createdAt.toISOString(),
  };
}
