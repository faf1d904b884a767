import { z } from 'zod';

// The first-start checklist of the admin dashboard (docs/adr/042-first-start-checklist.md).

/** What a new shop sets up before it opens, in the order the dashboard lists it. */
export const SETUP_STEPS = ['identity', 'contact', 'categories', 'payments', 'shipping', 'legal'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export const setupChecklist = z.object({
  /** Shown on the dashboard: a shop that did not start as the demo, until every step is done. */
  shown: z.boolean(),
  steps: z.array(
    z.object({
      id: z.enum(SETUP_STEPS),
      label: z.string(),
      /** What is done or still missing, in words. */
      detail: z.string(),
      done: z.boolean(),
      /** The admin page where it is done. */
      href: z.string(),
    }),
  ),
});
export type SetupChecklist = z.infer<typeof setupChecklist>;
