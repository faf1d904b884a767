import type { reviews } from '../schema.ts';
import { createRng } from './catalog.ts';

/**
 * Written reviews for the demo shop. Every rating a demo product shows is one of
 * these: a demo customer who received the product (a delivered order) wrote it some days after the
 * delivery, so each review is shown and counted by the rule of reviews/visibility.ts, and the product's
 * "N ratings" is exactly the number of reviews on its page. Deterministic, like the rest of the seed.
 */
export const DEMO_REVIEWS_SEED = 20_261_124;

/** How likely a customer is to review a product that reached them. */
const REVIEW_CHANCE = 0.6;
const DAY = 24 * 60 * 60 * 1000;

type ReviewRow = typeof reviews.$inferInsert;

export interface ReviewInputs {
  orders: { id: string; userId?: string | null; status: string }[];
  lines: { orderId: string; productId?: string | null }[];
  events: { orderId: string; status: string; createdAt?: Date | null }[];
  /** Category of each product id (the wording follows what was bought). */
  categoryOf: Map<string, string>;
  now: Date;
}

interface Wording {
  good: string[];
  bad: string[];
}

/** Remarks a buyer of this kind of thing would make, praise and complaint. */
const REMARKS: Record<string, Wording> = {
  electronics: {
    good: [
      'Battery life is better than I expected.',
      'Setup took five minutes and everything just worked.',
      'The screen is bright and sharp.',
      'Fast and responsive in everyday use.',
      'Feels solid and well built in the hand.',
    ],
    bad: [
      'The battery drains faster than advertised.',
      'Setup was fiddly and the app kept asking me to sign in again.',
      'It gets warm when I use it for a while.',
    ],
  },
  fashion: {
    good: [
      'The fit is true to size.',
      'The fabric feels soft and well made.',
      'The colour is exactly as pictured.',
      'Held up well after several washes.',
      'Comfortable from the first wear.',
    ],
    bad: ['Runs a size small.', 'The colour faded after a couple of washes.', 'A seam came loose after a month.'],
  },
  home: {
    good: [
      'Assembly was straightforward.',
      'Looks great in our living room.',
      'Sturdy and nicely finished.',
      'Easy to clean.',
      'Does exactly what it should, every day.',
    ],
    bad: [
      'Two screws were missing from the box.',
      'Smaller than it looked in the pictures.',
      'The finish scratches easily.',
    ],
  },
  sports: {
    good: [
      'Held up well through weeks of training.',
      'Comfortable from the first use.',
      'Great grip and feel.',
      'Survived a wet weekend outdoors without a problem.',
      'Light, but it feels tough.',
    ],
    bad: ['Started to show wear after a few weeks.', 'Heavier than I expected.', 'The sizing is a little off.'],
  },
  books: {
    good: [
      'Arrived in perfect condition, not a single bent corner.',
      'A lovely edition to own.',
      'I have already recommended it to friends.',
      'Worth it for the extras alone.',
      'Exactly as described.',
    ],
    bad: ['The case arrived cracked.', 'Not as good as everyone said.'],
  },
};

const TITLES: Record<number, string[]> = {
  5: ['Love it', 'Exactly what I wanted', 'Worth every penny', 'Excellent quality', 'Better than expected'],
  4: ['Very good', 'Happy with it', 'Solid choice', 'Good value', 'Nearly perfect'],
  3: ['It’s okay', 'Does the job', 'Mixed feelings', 'Decent, not great'],
  2: ['Disappointed', 'Expected more', 'Not for me'],
  1: ['Would not buy again', 'Sent it back', 'Poor quality'],
};
const OPENERS: Record<number, string[]> = {
  5: ['Really impressed.', 'Exactly what I was looking for.', 'Could not be happier with this purchase.'],
  4: ['Very happy overall.', 'Good purchase, with one small niggle.', 'Does everything I need.'],
  3: ['Fine for the price.', 'Some good points, some bad.', 'Does the job, nothing special.'],
  2: ['Not what I hoped for.', 'I expected more at this price.'],
  1: ['Very disappointed.', 'Sent it back after a week.'],
};
const CLOSERS: Record<number, string[]> = {
  5: ['Delivery was quick too.', 'Would buy again.', 'Highly recommended.'],
  4: ['Would buy again.', 'Delivery was quick.', ''],
  3: ['I might look elsewhere next time.', ''],
  2: ['The return was easy, at least.', ''],
  1: ['The return was easy, at least.', ''],
};

/**
 * How a product is generally liked: most are liked (about 4 to 4.8 stars), a few are divisive. Taken
 * from its id so every review of one product leans the same way.
 */
function leaning(productId: string): number {
  const rng = createRng(Number.parseInt(productId.slice(0, 8), 16));
  return rng.chance(0.1) ? 2.8 + rng.next() : 4 + rng.next() * 0.8;
}

/** The review rows, in a fixed order (oldest order first). */
export function generateDemoReviews(input: ReviewInputs): ReviewRow[] {
  const rng = createRng(DEMO_REVIEWS_SEED);
  const now = input.now.getTime();
  const deliveredAt = new Map<string, number>();
  for (const e of input.events) {
    if (e.status === 'delivered' && e.createdAt) deliveredAt.set(e.orderId, e.createdAt.getTime());
  }
  const linesOf = new Map<string, string[]>();
  for (const { orderId, productId } of input.lines) {
    if (productId) linesOf.set(orderId, [...(linesOf.get(orderId) ?? []), productId]);
  }

  const out: ReviewRow[] = [];
  const reviewed = new Set<string>();
  const bodiesOf = new Map<string, Set<string>>();
  for (const order of input.orders) {
    const delivered = deliveredAt.get(order.id);
    if (!order.userId || order.status !== 'delivered' || delivered === undefined) continue;
    for (const productId of linesOf.get(order.id) ?? []) {
      const key = `${order.userId}/${productId}`;
      if (reviewed.has(key) || !rng.chance(REVIEW_CHANCE)) continue;
      reviewed.add(key);
      const spread = (rng.next() + rng.next() - 1) * 2.4; // about ±1.2, more often near 0
      const rating = Math.min(5, Math.max(1, Math.round(leaning(productId) + spread)));
      const words = REMARKS[input.categoryOf.get(productId) ?? ''] ?? REMARKS.home;
      if (!words) throw new Error('no review wording');
      const draw = () => {
        const remarks =
          rating >= 4
            ? rng.sample(words.good, rating === 5 ? 2 : 1)
            : rating === 3
              ? [rng.pick(words.good), rng.pick(words.bad)]
              : rng.sample(words.bad, 2);
        return [rng.pick(OPENERS[rating] ?? []), ...remarks, rng.pick(CLOSERS[rating] ?? [])].filter(Boolean).join(' ');
      };
      // Two customers never write the very same words about one product (a popular one has dozens of
      // reviews): drawn again, a few times at most.
      const said = bodiesOf.get(productId) ?? new Set<string>();
      let body = draw();
      for (let attempt = 0; attempt < 20 && said.has(body); attempt++) body = draw();
      said.add(body);
      bodiesOf.set(productId, said);
      const createdAt = new Date(Math.min(delivered + rng.int(1, 21) * DAY + rng.int(0, 23) * 3_600_000, now - 60_000));
      out.push({
        productId,
        userId: order.userId,
        rating,
        title: rng.pick(TITLES[rating] ?? []),
        body,
        createdAt,
      });
    }
  }
  return out;
}
