import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bundleService, publishServiceBundle } from './service-bundle';

// A small repository of its own: an entry importing a module, bundled with the real esbuild and run with node.
let root: string;
let outDir: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'service-bundle-'));
  outDir = path.join(root, '.tmp/service-bundles');
  await mkdir(path.join(root, 'src/lib'), { recursive: true });
  await writeFile(path.join(root, 'package.json'), JSON.stringify({ type: 'module' }));
  await writeFile(path.join(root, 'src/lib/greeting.ts'), "export const greeting: string = 'one';\n");
  await writeFile(
    path.join(root, 'src/main.ts'),
    "import { greeting } from './lib/greeting';\nimport { where } from './lib/where';\nconsole.log(greeting, where);\n",
  );
  await writeFile(path.join(root, 'src/lib/where.ts'), 'export const where = import.meta.dirname;\n');
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function run(bundle: string): string {
  return execFileSync(process.execPath, [bundle], { encoding: 'utf8' }).trim();
}

describe('bundleService', () => {
  it('builds the entry into one file node runs, and reuses it while no input changed', async () => {
    const first = await bundleService('src/main.ts', { root, outDir });
    const second = await bundleService('src/main.ts', { root, outDir });

    expect(first.built).toBe(true);
    expect(second).toEqual({ path: first.path, built: false });
    expect(run(second.path)).toBe(`one ${path.join(root, 'src/lib')}`);
  });

  it('rebuilds when an imported source file is edited, so the edit runs', async () => {
    const before = await bundleService('src/main.ts', { root, outDir });
    await writeFile(path.join(root, 'src/lib/greeting.ts'), "export const greeting: string = 'two';\n");

    const after = await bundleService('src/main.ts', { root, outDir });

    expect(after.built).toBe(true);
    expect(after.path).not.toBe(before.path);
    expect(run(after.path)).toMatch(/^two /);
  });

  it('rebuilds when a file that steers resolution changes, though no source did', async () => {
    await bundleService('src/main.ts', { root, outDir });
    await writeFile(path.join(root, 'tsconfig.base.json'), '{}');

    expect((await bundleService('src/main.ts', { root, outDir })).built).toBe(true);
  });

  it('leaves packages outside the workspace to node and links a source map to the TypeScript', async () => {
    await writeFile(path.join(root, 'src/main.ts'), "import pg from 'pg';\nconsole.log(typeof pg);\n");

    const bundle = await bundleService('src/main.ts', { root, outDir });
    const text = await readFile(bundle.path, 'utf8');

    expect(text).toMatch(/from "pg"/);
    expect(text).toContain(`//# sourceMappingURL=${path.basename(bundle.path)}.map`);
    expect(JSON.parse(await readFile(`${bundle.path}.map`, 'utf8'))).toMatchObject({
      sources: [expect.stringContaining('src/main.ts')],
    });
  });
});

describe('bundleService with a bundled package (bundledPackages)', () => {
  const writePackage = async (version: string, text: string) => {
    const directory = path.join(root, 'node_modules/zod');
    await mkdir(directory, { recursive: true });
    await writeFile(path.join(directory, 'package.json'), JSON.stringify({ name: 'zod', version, main: 'index.js' }));
    await writeFile(path.join(directory, 'index.js'), `export const z = ${JSON.stringify(text)};\n`);
  };

  it('puts its code in the bundle and rebuilds when another version is installed', async () => {
    await writePackage('1.0.0', 'first');
    await writeFile(path.join(root, 'src/main.ts'), "import { z } from 'zod';\nconsole.log(z);\n");
    const first = await bundleService('src/main.ts', { root, outDir });

    expect(await readFile(first.path, 'utf8')).not.toMatch(/from "zod"/);
    expect(run(first.path)).toBe('first');
    expect((await bundleService('src/main.ts', { root, outDir })).built).toBe(false);

    await writePackage('1.0.1', 'second');
    const second = await bundleService('src/main.ts', { root, outDir });

    expect(second.built).toBe(true);
    expect(run(second.path)).toBe('second');
  });
});

describe('publishServiceBundle', () => {
  it('keeps a copy under a fixed name that follows every rebuild, beside the map its last line names', async () => {
    const stable = await publishServiceBundle('src/main.ts', { root, outDir });
    expect(stable).toBe(path.join(outDir, 'src-main.mjs'));
    expect(run(stable)).toMatch(/^one /);

    await writeFile(path.join(root, 'src/lib/greeting.ts'), "export const greeting: string = 'two';\n");
    expect(await publishServiceBundle('src/main.ts', { root, outDir })).toBe(stable);

    expect(run(stable)).toMatch(/^two /);
    const mapName = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(await readFile(stable, 'utf8'))?.[1] ?? '';
    expect(mapName).toBe(`${path.basename((await bundleService('src/main.ts', { root, outDir })).path)}.map`);
    await expect(readFile(path.join(outDir, mapName), 'utf8')).resolves.toContain('src/main.ts');
  });
});
