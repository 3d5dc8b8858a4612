import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Files that must stay pure functions of their inputs (STYLE.md, "Pure zones"). */
const pureZones = [
  '**/*.state.ts',
  'services/command/src/*/!(*.routes|*.int.test|*.test).ts',
  'services/judge/src/verdicts/**/!(*.test).ts',
  'services/judge/src/checkers/**/!(*.test|*.int.test).ts',
  'services/projector/src/projections/**/*.rows.ts',
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '.tmp/**', 'services/judge/fixtures/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      'import-x/no-default-export': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@oj/*/src/*', '@oj/*/src'],
              message: 'Import another workspace through its package exports only.',
            },
            {
              group: ['../../events/*', '../../../events/*', '../../migrations/*', '../../../migrations/*'],
              message: 'Import workspaces by package name.',
            },
          ],
        },
      ],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  {
    // Migrations sort by their number: 0001-create-projection-checkpoints.ts.
    files: ['migrations/src/[0-9]*.ts'],
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.ts': '[0-9][0-9][0-9][0-9]-+([a-z0-9-])' },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  {
    // Config files and tool entry points are consumed by tools that want a default export.
    files: ['*.config.{ts,js}', '**/vite.config.ts', 'tests/support/global-setup.ts', 'web/postcss.config.js'],
    rules: { 'import-x/no-default-export': 'off' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: [
      '**/config.ts',
      'scripts/**',
      'tests/**',
      '**/*.test.ts',
      '**/*.bench.ts',
      '**/*-cli.ts',
      'vitest.config.ts',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read the environment only in config.ts.' },
      ],
    },
  },
  {
    files: pureZones,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['fastify', 'kysely', 'pg', '@nats-io/*', 'node:*', 'execa'],
              message: 'Pure zone: no IO imports.',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Pure zone: the clock arrives in the command.' },
        { object: 'Math', property: 'random', message: 'Pure zone: randomness arrives in the command.' },
        { object: 'process', property: 'env', message: 'Pure zone.' },
      ],
      'no-restricted-globals': ['error', 'process'],
    },
  },
  {
    files: ['services/**/*.ts', 'events/**/*.ts', 'migrations/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@oj/web', '@oj/web/*'], message: 'Server code never imports the web app.' },
            { group: ['@oj/*/src/*'], message: 'Import another workspace through its package exports only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@oj/events',
                '@oj/events/*',
                '@oj/platform',
                '@oj/platform/*',
                '@oj/projector',
                '@oj/judge',
                '@oj/read-models',
              ],
              message: 'The web app imports only the contracts exports of command and query.',
            },
            {
              // A group pattern cannot re-include a child of an excluded package, hence a regex for these two.
              regex: '^@oj/(command|query)(/(?!contracts$).*)?$',
              message: 'The web app imports only the contracts exports of command and query.',
            },
          ],
        },
      ],
    },
  },
);
