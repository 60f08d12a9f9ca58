import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import healthfolio from './eslint-rules/server-boundaries.js';

const serverSrc = path.join(import.meta.dirname, 'apps/server/src');

const NOT_APPS = {
  group: ['@healthfolio/server', '@healthfolio/web', '**/apps/**'],
  message: 'packages must not depend on apps',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Dependencies point one way: apps → packages, never back.
    files: ['packages/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NOT_APPS] }] },
  },
  {
    // The connectors hold what the app needs for real providers: their fakes (and Fastify) live in
    // packages/sandbox, the FHIR mapping in packages/fhir.
    files: ['packages/connectors/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'fastify', message: 'fake providers live in packages/sandbox' },
            { name: '@healthfolio/importers', message: 'the FHIR mapping is @healthfolio/fhir' },
          ],
          patterns: [NOT_APPS],
        },
      ],
    },
  },
  {
    // The server loads the fake providers only when SANDBOX_PROVIDERS is on, by a dynamic import
    // (modules/sources/sandbox.ts); a static one would load them on every start.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@healthfolio/sandbox', message: "only by `await import('@healthfolio/sandbox')`" },
          ],
        },
      ],
    },
  },
  {
    // One door per module (issue 26): a server file reaches another module's files, and the jobs', only
    // through that folder's index.ts, which exports what others may use. The areas with doors are the
    // modules (modules/<name>/) and jobs/ (above the modules: they use its queue, never its workers).
    // db/, http/, identity/, mail/, startup/ and config.ts are shared foundations, imported file by file.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      // The composition root: it builds each module's parts and mounts its routes, so it names their files.
      'apps/server/src/app.ts',
      // Tests check a module from inside: they build its repositories and read its tables directly.
      'apps/server/src/**/*.test.ts',
    ],
    plugins: { healthfolio },
    rules: {
      'healthfolio/module-doors': [
        'error',
        {
          srcRoot: serverSrc,
          areas: ['modules/*', 'jobs'],
          extraDoors: {
            // The import read worker (a thread of its own, memory-bounded) loads it without the rest of metrics.
            'modules/metrics/prepared-batch': 'what crosses between the read worker and the import runner',
          },
        },
      ],
    },
  },
  {
    // One door to the samples (issue 26): SQL naming `samples` or `daily_rollups` (Kysely calls, `sql`
    // templates) is written in modules/metrics only; everyone else asks its index.ts. Account deletion and
    // export walk db/user-owned-tables.ts's list with the table as a value, which the rule does not see.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      // The owner of both tables.
      'apps/server/src/modules/metrics/**',
      // The tables' history: a migration creates and alters them by name, and never changes once shipped.
      'apps/server/src/db/migrations/**',
      // Tests check what was stored by reading the tables themselves.
      'apps/server/src/**/*.test.ts',
    ],
    plugins: { healthfolio },
    rules: {
      'healthfolio/metrics-tables': [
        'error',
        { tables: ['samples', 'daily_rollups', 'rollup_pending_days'] },
      ],
    },
  },
  {
    // …and one door for reading them: other modules get SamplesQuery from modules/metrics's index.ts,
    // never one of the repositories behind it (each stays private to the module).
    files: ['apps/server/src/modules/metrics/index.ts'],
    plugins: { healthfolio },
    rules: { 'healthfolio/metrics-read-door': ['error', { query: 'SamplesQuery' }] },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
        PerformanceObserver: 'readonly',
        performance: 'readonly',
        Buffer: 'readonly',
      },
    },
  },
);
