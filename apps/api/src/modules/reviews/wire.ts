import type { reviewList } from '@shop/contracts/account';
import type { z } from 'zod';
import { reviews, users } from '../../db/schema.ts';

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
};

export function toReview(row: {
  id: string;
  rating: number;
  title: string;
  body: string;
  createdAt: Date;
  firstName: string;
  lastName: string;
}): Review {
  return {
    id: row.id,
    rating: row.rating,
    title: row.title,
    // Plain text, exactly as written: the web renders it as text, never as HTML (issue 4).
    body: row.body,
    author: authorName(row.firstName, row.lastName),
    created_at: row.createdAt.toISOString(),
  };
}
