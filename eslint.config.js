// @ts-check
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
          patterns: [
            {
              group: ['@pillars/shared/*', '!@pillars/shared/contracts'],
              message: 'The web app may import only @pillars/shared/contracts.',
            },
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
