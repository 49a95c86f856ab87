import { defineConfig } from 'vitest/config';

/**
 * One `npm test` runs four projects:
 * - unit: `*.test.ts` beside server-side code, no I/O;
 * - web: component tests under happy-dom (web/vitest.config.ts);
 * - integration: `*.int.test.ts` against real PostgreSQL and Redis (infra/testing provisions them);
 * - e2e: browser journeys in Chromium against the built app started the way `npm start` does.
 */
const serverCode = (pattern: string) => ['shared', 'api', 'worker', 'infra'].map((dir) => `${dir}/**/${pattern}`);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: serverCode('*.test.ts'),
          exclude: ['**/node_modules/**', '**/*.int.test.ts'],
        },
      },
      'web/vitest.config.ts',
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: serverCode('*.int.test.ts'),
          exclude: ['**/node_modules/**'],
          globalSetup: ['infra/testing/global-setup.integration.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['web/e2e/**/*.e2e.test.ts'],
          globalSetup: ['infra/testing/global-setup.e2e.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
