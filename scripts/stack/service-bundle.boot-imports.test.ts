import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleService } from './service-bundle';

/**
 * What a service's bundle loads before its first line runs: every package it imports statically (the bundle's
 * top-level `import … from "<package>"`, node: built-ins aside). A child's boot is on the path of every restart
 * (docs/performance.md, "Child process boot"), so a package a process never uses, or uses on one rare request,
 * must not be among them. kysely and zod are bundled (service-bundle.ts, `bundledPackages`). Two things keep the rest out: `"sideEffects": false` in @oj/platform's package.json, so
 * that esbuild drops the platform modules a service does not use together with their packages (argon2, jose,
 * nodemailer, the rate limiter: 0.3 s of a judge's or the projector's boot); and a dynamic import where a package
 * serves one rare path (the KurrentDB client, exceljs, the captcha's font parser).
 */
const repositoryRoot = path.resolve(import.meta.dirname, '../..');
let outDir: string;

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'boot-imports-'));
});

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

async function packagesLoadedAtBoot(entry: string): Promise<{ readonly statically: string[]; dynamically: string[] }> {
  const bundle = await bundleService(entry, { root: repositoryRoot, outDir });
  const text = await readFile(bundle.path, 'utf8');
  const statically = [...text.matchAll(/^(?:import|\}) (?:[^;'"]* from )?"([^"]+)";?$/gm)].map((match) => match[1]);
  const dynamically = [...text.matchAll(/\bimport\("([^"]+)"\)/g)].map((match) => match[1]);
  const packages = (names: (string | undefined)[]) =>
    [...new Set(names.filter((name): name is string => name !== undefined && !name.startsWith('node:')))].sort();
  return { statically: packages(statically), dynamically: packages(dynamically) };
}

// Packages only the API process uses (sign-in, mail, request limits) or only on a rare request.
const apiOnly = ['argon2', 'jose', 'nodemailer', '@fastify/rate-limit', 'fastify'];
const rarePaths = ['@kurrent/kurrentdb-client', 'exceljs', 'svg-captcha'];

describe('packages a service loads at boot', () => {
  it('the projector loads only the database driver and the logger (kysely and zod are in the bundle)', async () => {
    const { statically, dynamically } = await packagesLoadedAtBoot('services/projector/src/main.ts');

    expect(statically).toEqual(['pg', 'pino']);
    expect(dynamically).toContain('@kurrent/kurrentdb-client');
  });

  it('a judge worker loads neither the API’s packages nor the rare paths’', async () => {
    const { statically } = await packagesLoadedAtBoot('services/judge/src/main.ts');

    expect(statically).toEqual(expect.arrayContaining(['@nats-io/jetstream', 'pg', 'pino']));
    for (const name of [...apiOnly, ...rarePaths, 'kysely']) expect(statically).not.toContain(name);
  });

  it('the API process loads what it serves with, and the rare paths’ packages only when first used', async () => {
    const { statically, dynamically } = await packagesLoadedAtBoot('scripts/stack/api-main.ts');

    expect(statically).toEqual(expect.arrayContaining(['fastify', 'argon2', 'jose']));
    for (const name of rarePaths) {
      expect(statically).not.toContain(name);
      expect(dynamically).toContain(name);
    }
  });
});
