import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * README.md's list of workspaces and their `@oj/*` dependencies (issue 12: the architecture picture matches the
 * workspaces and what they declare) against the package files themselves.
 */
const root = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;

function declaredDependencies(): Map<string, string[]> {
  const workspaces = readJson('package.json').workspaces as string[];
  return new Map(
    workspaces.map((workspace) => {
      const manifest = readJson(`${workspace}/package.json`) as {
        name: string;
        dependencies?: Record<string, string>;
        devDependencies?: Record<string, string>;
      };
      const names = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
      return [manifest.name, names.filter((name) => name.startsWith('@oj/')).sort()];
    }),
  );
}

function drawnDependencies(): Map<string, string[]> {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const lines = [...readme.matchAll(/^ (@oj\/[a-z-]+) +─► (.*)$/gm)];
  return new Map(
    lines.map(([, name = '', targets = '']) => [
      name,
      targets.startsWith('(')
        ? []
        : targets
            .split(',')
            .map((target) => target.trim())
            .sort(),
    ]),
  );
}

describe('README architecture', () => {
  it('lists every workspace with exactly the @oj/* dependencies its package.json declares', () => {
    expect(Object.fromEntries(drawnDependencies())).toEqual(Object.fromEntries(declaredDependencies()));
  });
});
