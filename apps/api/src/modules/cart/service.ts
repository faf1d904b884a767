import type { Deps } from '../../services.ts';

export function createCartService(_deps: Deps) {
  return {};
}
