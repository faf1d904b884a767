import type { Config } from '@react-router/dev/config';

/** Server-rendered storefront (docs/architecture.md §2); the API process serves `build/` (apps/api/src/web/plugin.ts). */
export default {
  appDirectory: 'app',
  // WEB_BUILD_DIR lets several builds (parallel test runs) live side by side; the server reads the same.
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
  ssr: true,
  future: {
    // Opt in early where v8 only changes how the build is made: clientLoaders get their own chunks,
    // and the build uses Vite's environment API natively.
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
