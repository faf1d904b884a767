import type { Deps } from '../../services.ts';

export function createAuthService(_deps: Deps) {
  return {};
}
