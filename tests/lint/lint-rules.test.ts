import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The architecture rules of eslint.config.js, each shown firing on a small snippet linted as if it lived at a
 * given path (the imports resolve against the real tree), and shown quiet on the allowed form next to it.
 */
const root = path.resolve(import.meta.dirname, '../..');

let eslint: ESLint;
beforeAll(() => {
  // ignore: false, so the committed loop fixture (ignored by `npx eslint .`) is linted here.
  eslint = new ESLint({ cwd: root, ignore: false });
});

async function ruleIdsFor(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('lint rules', { timeout: 60_000 }, () => {
  it('the pure-zone IO ban is in effect for a decider (no later block replaces it)', async () => {
    const decider = 'services/command/src/contests/register-for-contest.ts';
    const config = (await eslint.calculateConfigForFile(path.join(root, decider))) as {
      rules: Record<string, [unknown, { patterns: { group: string[] }[] }]>;
    };
    const groups = config.rules['no-restricted-imports']?.[1].patterns.flatMap((pattern) => pattern.group);
    expect(groups).toEqual(expect.arrayContaining(['kysely', 'fastify', '@oj/web', '@oj/*/src/*']));

    expect(await ruleIdsFor("import { sql } from 'kysely';\nexport const q = sql;\n", decider)).toContain(
      'no-restricted-imports',
    );
    expect(
      await ruleIdsFor(
        "import { sql } from 'kysely';\nexport const q = sql;\n",
        'services/command/src/contests/contest-reads/x.ts',
      ),
    ).toEqual([]);
  });

  it('an import loop is refused (import-x/no-cycle)', async () => {
    const results = await eslint.lintFiles([path.join(root, 'tests/lint/fixtures/cycle/first-half.ts')]);
    expect(results[0]?.messages.map((message) => message.ruleId)).toEqual(['import-x/no-cycle']);
  });

  it('a service never imports another service', async () => {
    const code = "import { queryApi } from '@oj/query';\nexport const api = queryApi;\n";
    expect(await ruleIdsFor(code, 'services/command/src/contests/x.routes.ts')).toContain(
      'import-x/no-restricted-paths',
    );
    expect(
      await ruleIdsFor(
        "import { success } from '@oj/platform';\nexport const s = success;\n",
        'services/command/src/contests/x.routes.ts',
      ),
    ).toEqual([]);
  });

  it('a web feature never imports another feature, only components, lib and the declared shared features', async () => {
    const file = 'web/src/features/ranks/components/x.tsx';
    expect(
      await ruleIdsFor("import { rules } from '@/features/contests/contest-rules';\nexport const r = rules;\n", file),
    ).toContain('import-x/no-restricted-paths');
    expect(await ruleIdsFor("import { showToast } from '@/lib/toast';\nexport const t = showToast;\n", file)).toEqual(
      [],
    );
    expect(
      await ruleIdsFor(
        "import { StatusBadge } from '@/features/submissions/components/status-badge';\nexport const b = StatusBadge;\n",
        file,
      ),
    ).toEqual([]);
    // No crossings are declared any more (issue 12): the rank board may not read the contests feature; app/ composes.
    const rules =
      "import { showsContainsEnd } from '@/features/contests/contest-rules';\nexport const s = showsContainsEnd;\n";
    expect(await ruleIdsFor(rules, 'web/src/features/scoreboards/components/x.tsx')).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await ruleIdsFor(rules, 'web/src/app/routes/contests/x.tsx')).toEqual([]);
  });

  it('the web imports only @oj/contracts', async () => {
    const file = 'web/src/lib/x.ts';
    expect(await ruleIdsFor("import { queryApi } from '@oj/query';\nexport const api = queryApi;\n", file)).toEqual(
      expect.arrayContaining(['no-restricted-imports', 'import-x/no-restricted-paths']),
    );
    expect(await ruleIdsFor("import { z } from '@oj/events';\nexport const e = z;\n", file)).toContain(
      'no-restricted-imports',
    );
    expect(await ruleIdsFor("import { pageOf } from '@oj/contracts';\nexport const p = pageOf;\n", file)).toEqual([]);
  });
  it('a function over 80 lines is refused outside components, route tables and tests', async () => {
    const body = Array.from({ length: 81 }, (_, index) => `  total += ${index};`).join('\n');
    const code = `export function long(): number {\n  let total = 0;\n${body}\n  return total;\n}\n`;
    expect(await ruleIdsFor(code, 'services/command/src/contests/x.ts')).toContain('max-lines-per-function');
    expect(await ruleIdsFor(code, 'services/command/src/contests/x.routes.ts')).toEqual([]);
    expect(await ruleIdsFor(code, 'services/command/src/contests/x.test.ts')).toEqual([]);
    const short = `export function short(): number {\n  let total = 0;\n${body.split('\n').slice(0, 70).join('\n')}\n  return total;\n}\n`;
    expect(await ruleIdsFor(short, 'services/command/src/contests/x.ts')).toEqual([]);
  });

  it('a file over 300 lines is refused unless its first line says why', async () => {
    const lines = Array.from({ length: 301 }, (_, index) => `export const value${index} = ${index};`).join('\n');
    expect(await ruleIdsFor(`${lines}\n`, 'services/query/src/x.ts')).toContain('max-lines');
    const reasoned = `/* eslint-disable max-lines -- one table of HOJ's codes, read as a whole */\n${lines}\n`;
    expect(await ruleIdsFor(reasoned, 'services/query/src/x.ts')).toEqual([]);
  });

  it('a route module declares its request schemas rather than parsing request parts in the handler', async () => {
    const parsing = [
      "import type { FastifyInstance } from 'fastify';",
      "import { z } from 'zod';",
      'const idQuery = z.object({ id: z.coerce.number() });',
      'export function routes(app: FastifyInstance): void {',
      "  app.get('/x', async (request) => idQuery.parse(request.query).id);",
      "  app.post('/y', async (request) => idQuery.safeParse(request.body ?? {}).success);",
      '}',
      '',
    ].join('\n');
    const file = 'services/query/src/contests/x.routes.ts';
    expect((await ruleIdsFor(parsing, file)).filter((id) => id === 'no-restricted-syntax')).toHaveLength(2);
    const declaring = [
      "import type { FastifyInstance } from 'fastify';",
      "import { z } from 'zod';",
      "import { hojReply, success, type ZodRequests } from '@oj/platform';",
      'const idQuery = z.object({ id: z.coerce.number() });',
      'export function routes(server: FastifyInstance): void {',
      '  const app = server.withTypeProvider<ZodRequests>();',
      "  app.get('/x', hojReply(z.number(), { query: idQuery }), async (request) => success(request.query.id));",
      '}',
      '',
    ].join('\n');
    expect(await ruleIdsFor(declaring, file)).toEqual([]);
  });

  it('a test file never replaces a module, a global or the environment its worker shares', async () => {
    const replacing = [
      "import { vi } from 'vitest';",
      "vi.mock('node:fs');",
      "vi.stubEnv('DATABASE_URL', 'postgres://x');",
      "vi.stubGlobal('fetch', () => undefined);",
      '',
    ].join('\n');
    const file = 'services/query/src/contests/x.int.test.ts';
    expect((await ruleIdsFor(replacing, file)).filter((id) => id === 'no-restricted-syntax')).toHaveLength(3);
    const passingIn = "import { vi } from 'vitest';\nexport const fetcher = vi.fn();\n";
    expect(await ruleIdsFor(passingIn, file)).toEqual([]);
  });
});
