import type { Deps } from '../../services.ts';

export function createCatalogService(_deps: Deps) {
  return {};
}
