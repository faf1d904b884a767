import type { Deps } from '../../services.ts';

export function createEngagementService(_deps: Deps) {
  return {};
}
