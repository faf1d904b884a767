import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// Only the web build lives here; Vitest has its own config at the root (docs/architecture.md §8).
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // WEB_BUILD_DIR may be outside apps/web (parallel test builds): empty it there too, as inside.
    emptyOutDir: true,
    rolldownOptions: {
      // Rolldown reports which plugins were slow when a build was: a busy machine, not a fault.
      checks: { pluginTimings: false },
    },
  },
});
