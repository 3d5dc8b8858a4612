import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const root = import.meta.dirname;

/** Files that must stay pure functions of their inputs (STYLE.md, "Pure zones"). */
const pureZones = [
  '**/*.state.ts',
  'services/command/src/*/!(*.routes|*.int.test|*.test).ts',
  'services/judge/src/verdicts/**/!(*.test).ts',
  'services/judge/src/checkers/**/!(*.test|*.int.test).ts',
  'services/projector/src/projections/**/*.rows.ts',
  'events/src/folds/**/!(*.test).ts',
];

/*
 * no-restricted-imports is one rule: a later block that sets it replaces the options of every earlier block for the
 * files both match (flat config does not merge option arrays). So each file group's block lists every pattern group
 * that applies to it, built from these pieces, and the blocks go from the widest file set to the narrowest.
 */
const importBans = {
  workspaceInternals: [
    { group: ['@oj/*/src/*', '@oj/*/src'], message: 'Import another workspace through its package exports only.' },
    {
      group: ['../../events/*', '../../../events/*', '../../migrations/*', '../../../migrations/*'],
      message: 'Import workspaces by package name.',
    },
  ],
  webFromServer: [{ group: ['@oj/web', '@oj/web/*'], message: 'Server code never imports the web app.' }],
  io: [{ group: ['fastify', 'kysely', 'pg', '@nats-io/*', 'node:*', 'execa'], message: 'Pure zone: no IO imports.' }],
  serverFromWeb: [
    { group: ['@oj/*', '!@oj/contracts', '!@oj/contracts/*'], message: 'The web app imports only @oj/contracts.' },
  ],
};
const restrictImports = (...groups) => ['error', { patterns: groups.flat() }];

/** The services; platform is the shared library every service may use, and it uses none of them. */
const services = ['command', 'query', 'projector', 'judge', 'platform'];

const serviceZones = services.flatMap((service) =>
  services
    .filter((other) => other !== service && other !== 'platform')
    .map((other) => ({
      target: `./services/${service}`,
      from: `./services/${other}`,
      message: 'A service never imports another service (only @oj/platform, events, read-models and contracts).',
    })),
);

/*
 * Web features that any feature may import, each with its reason. Neither imports another feature. Every other
 * feature imports only components/, lib/, config/, stores/, these and itself; app/ composes the features.
 */
const sharedFeatures = {
  site: 'the website configuration is app-wide state every page reads (title, footer, switches)',
  submissions:
    'verdicts (judge status, badge), the submission table, filters and live updates: the problem page, the contest ' +
    'pages and the status page all show them',
};
const webFeatures = fs.readdirSync(path.join(root, 'web/src/features'));
const featureZones = webFeatures.map((feature) => ({
  target: `./web/src/features/${feature}`,
  from: './web/src/features',
  except: [...new Set([feature, ...(feature in sharedFeatures ? [] : Object.keys(sharedFeatures))])].map(
    (allowed) => `./${allowed}`,
  ),
  message: 'A web feature never imports another feature: move the shared piece to web/src/components/ or lib/.',
}));
const webZones = [
  {
    target: './web',
    from: ['./services', './events', './migrations', './scripts', './tests', './testbed'],
    message: 'The web app imports only @oj/contracts.',
  },
  {
    target: ['./web/src/components', './web/src/lib', './web/src/config', './web/src/stores'],
    from: ['./web/src/features', './web/src/app'],
    message: 'The ground floor of the web app (components, lib, config, stores) never imports features or app/.',
  },
];

/*
 * Size limits (issue 12): a function over 80 lines (blank lines and comments not counted) is split into named
 * pieces, except React components, route tables and tests, which read top to bottom; a file over 300 lines says
 * why on its first line: `/* eslint-disable max-lines -- <reason> *\/`.
 */
const sizeLimits = {
  'max-lines': ['error', { max: 300 }],
  'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }],
};
const longFunctionsAllowed = [
  'web/**/*.tsx',
  '**/*.routes.ts',
  'web/src/app/route-table.ts',
  '**/*.test.ts',
  '**/*.spec.ts',
  '**/*.bench.ts',
  'tests/**',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '.tmp/**',
      'services/judge/fixtures/**',
      'coverage/**',
      // Snippets that break the rules on purpose; tests/lint/lint-rules.test.ts lints them.
      'tests/lint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      // Without these, import-x cannot parse a TypeScript dependency and no-cycle silently sees no loop.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        // `@/` is the web app's src/ (web/vite.config.ts, web/tsconfig.json); no package name starts with `@/`.
        importX.createNodeResolver({
          extensions: ['.ts', '.tsx', '.js'],
          alias: { '@': [path.join(root, 'web/src')] },
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      'import-x/no-default-export': 'error',
      'import-x/no-cycle': 'error',
      'no-restricted-imports': restrictImports(importBans.workspaceInternals),
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
    files: ['services/**/*.ts', 'events/**/*.ts', 'migrations/**/*.ts', 'contracts/**/*.ts', 'testbed/**/*.ts'],
    rules: {
      'no-restricted-imports': restrictImports(importBans.workspaceInternals, importBans.webFromServer),
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...serviceZones,
            {
              target: ['./events', './migrations'],
              from: ['./services', './web', './scripts', './tests', './testbed'],
              message: 'events and read-models are the ground floor: they import no service, app or test workspace.',
            },
            {
              target: './contracts',
              from: ['./services', './events', './migrations', './web', './scripts', './tests', './testbed'],
              message: '@oj/contracts is zod only: it imports no other workspace.',
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 12: a route declares its request schemas (hojReply(data, { query, body, params })), so Fastify checks
    // them before the handler and the route table says what each route reads; a handler never parses them itself.
    files: ['services/*/src/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name=/^(safeParse|parse|parseAsync|safeParseAsync)$/]:has(MemberExpression[object.name='request'][property.name=/^(query|body|params)$/])",
          message: 'Declare the request schema in the route options (hojReply(data, { query, body, params })).',
        },
      ],
    },
  },
  {
    // Test files share their worker's modules (vitest.config.ts, isolate: false), so a file that replaced a
    // module, a global or the environment would change the files after it: pass the dependency in instead.
    files: ['**/*.test.{ts,tsx}', 'tests/browser/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|stubGlobal|stubEnv)$/]",
          message: 'Test files share modules (isolate: false): pass the dependency in, do not replace it.',
        },
      ],
    },
  },
  {
    files: pureZones,
    rules: {
      'no-restricted-imports': restrictImports(importBans.workspaceInternals, importBans.webFromServer, importBans.io),
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
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrictImports(importBans.workspaceInternals, importBans.serverFromWeb),
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...webZones, ...featureZones] }],
    },
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    rules: { 'max-lines': sizeLimits['max-lines'] },
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    ignores: longFunctionsAllowed,
    rules: { 'max-lines-per-function': sizeLimits['max-lines-per-function'] },
  },
);
