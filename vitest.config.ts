import { defineConfig } from 'vitest/config';

const globalSetup = ['./tests/support/global-setup.ts'];
const ignore = ['**/node_modules/**', '**/.data/**', '**/.tmp/**', '**/dist/**'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['**/src/**/*.test.ts', '**/src/**/*.test.tsx'],
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
