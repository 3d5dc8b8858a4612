import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const globalSetup = ['./tests/support/global-setup.ts'];
const ignore = ['**/node_modules/**', '**/.data/**', '**/.tmp/**', '**/dist/**'];

export default defineConfig({
  test: {
    // Test files share their worker's module graph instead of importing it anew for each file: on CI's two slow
    // cores that import was most of the unit and int tiers (collect 71 s of the unit tier's 98, 170 s of the int
    // tier's 436; docs/testing.md, "Where the suite's time goes"). Safe because no file mocks a module or leaves a
    // global changed (lint refuses vi.mock, vi.stubGlobal and vi.stubEnv in test files). Vitest 3 reads this from
    // the root config only (one pool serves every project; each project's files still get workers of their own).
    isolate: false,
    projects: [
      {
        // The web app's `@/x` is web/src/x (web/vite.config.ts); no package name starts with `@/`.
        resolve: { alias: { '@': fileURLToPath(new URL('./web/src', import.meta.url)) } },
        test: {
          name: 'unit',
          // scripts/stack: the launcher's pure parts (the supervisor's backoff) are tested beside them too.
          // tests/lint: the architecture's lint rules shown firing (ESLint's Node API over the project's config).
          include: ['**/src/**/*.test.ts', '**/src/**/*.test.tsx', 'scripts/stack/*.test.ts', 'tests/lint/*.test.ts'],
          exclude: [...ignore, '**/*.int.test.ts'],
        },
      },
      {
        test: {
          name: 'int',
          include: ['**/src/**/*.int.test.ts'],
          exclude: ignore,
          globalSetup,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          exclude: ignore,
          globalSetup,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Vitest 3 sizes one pool for the whole run and applies this only with one worker (cores - 1, one on
          // 2 cores): scripts/test.sh passes --maxWorkers=1 to the e2e and browser stages so it holds anywhere.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.spec.ts'],
          exclude: ignore,
          globalSetup,
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
