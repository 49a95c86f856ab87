import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// The `web` test project: the root vitest.config.ts lists this file in `projects`, and it also
// runs alone with `npx vitest run --config web/vitest.config.ts`. It extends vite.config.ts so
// tests resolve `@/` and transform JSX exactly like the build.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      setupFiles: ['./vitest.setup.ts'],
    },
  }),
);
