import type { Config } from '@react-router/dev/config';

/** Server-rendered storefront (DESIGN §2); the API process serves `build/` (apps/api/src/web/plugin.ts). */
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  future: {
    // Opt in early where v8 only changes how the build is made: clientLoaders get their own chunks,
    // and the build uses Vite's environment API natively.
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
