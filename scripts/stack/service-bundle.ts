import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, version as esbuildVersion, type Plugin } from 'esbuild';

/**
 * One TypeScript entry point of the repository bundled by esbuild, so that a child process boots with plain
 * `node`: under tsx the projector took 2.5 s from spawn to "projector started" at load 5 and this bundle 0.9 s
 * (docs/performance.md, "Child process boot"). Most of tsx's time is its loader hooks resolving and loading every
 * module, node_modules included, not the TypeScript transform. Workspace code (@oj/*) goes into the bundle;
 * node_modules packages stay external and load from the repository's node_modules as before.
 *
 * The bundle is rebuilt whenever what it was built from changes: each call hashes the files the last build read
 * (and the package.json/tsconfig files that steer resolution, and this builder), so an edited source file is
 * always picked up and an unchanged tree costs a few milliseconds of hashing.
 */
export interface ServiceBundle {
  /** Absolute path of the bundle to run with node. */
  readonly path: string;
  /** Whether this call had to build it. */
  readonly built: boolean;
}

export interface BundleOptions {
  /** The repository (workspaces and node_modules); defaults to this checkout. */
  readonly root?: string;
  /** Where bundles and their input lists go; defaults to <root>/.tmp/service-bundles. */
  readonly outDir?: string;
}

/** What a bundle was built from: every input's absolute path and the sha256 of the text esbuild was given. */
interface BuildRecord {
  readonly bundle: string;
  readonly inputs: Readonly<Record<string, string>>;
}

const repositoryRoot = path.resolve(import.meta.dirname, '../..');
/** Older bundles of the same entry are removed, but not so soon that a child just spawned on one misses it. */
const pruneAfterMs = 10 * 60_000;

export async function bundleService(entry: string, options: BundleOptions = {}): Promise<ServiceBundle> {
  const root = options.root ?? repositoryRoot;
  const outDir = options.outDir ?? path.join(root, '.tmp/service-bundles');
  const name = bundleName(entry);
  const recordPath = path.join(outDir, `${name}.json`);
  const previous = await readRecord(recordPath);
  if (previous && (await stillCurrent(previous, outDir)))
    return { path: path.join(outDir, previous.bundle), built: false };
  return { path: await buildBundle(root, entry, name, outDir, recordPath), built: true };
}

/**
 * The current bundle of `entry` (built first when stale), copied to a name that does not change with its
 * inputs, `<outDir>/<entry's name>.mjs`, for what starts a process by a fixed command line: a systemd unit, a
 * container's command, start.sh. The copy sits beside the hashed bundle, so its source map line still resolves.
 */
export async function publishServiceBundle(entry: string, options: BundleOptions = {}): Promise<string> {
  const bundle = await bundleService(entry, options);
  const stablePath = path.join(path.dirname(bundle.path), `${bundleName(entry)}.mjs`);
  const text = await readFile(bundle.path, 'utf8');
  if ((await readFile(stablePath, 'utf8').catch(() => undefined)) !== text) await writeAtomically(stablePath, text);
  return stablePath;
}

/** The file name (without `.mjs`) of `entry`'s bundle: its path with every separator a dash. */
export function bundleName(entry: string): string {
  return entry.replace(/\.[cm]?ts$/, '').replace(/[^\w.-]+/g, '-');
}

async function buildBundle(root: string, entry: string, name: string, outDir: string, recordPath: string) {
  const inputs: Record<string, string> = {};
  const result = await build({
    entryPoints: [path.resolve(root, entry)],
    outfile: path.join(outDir, `${name}.mjs`),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    sourcesContent: false,
    write: false,
    logLevel: 'silent',
    plugins: [workspaceOnly(inputs)],
  });
  for (const file of await resolutionFiles(root)) inputs[file] = await hashFile(file);
  const key = recordKey(inputs);
  const bundle = `${name}-${key}.mjs`;
  await mkdir(outDir, { recursive: true });
  for (const output of result.outputFiles) {
    const isMap = output.path.endsWith('.map');
    const text = isMap
      ? output.text
      : output.text.replace(/\/\/# sourceMappingURL=\S+\s*$/, `//# sourceMappingURL=${bundle}.map\n`);
    await writeAtomically(path.join(outDir, isMap ? `${bundle}.map` : bundle), text);
  }
  // The record goes last and names the bundle by the hash of its inputs: a reader either finds a record whose
  // inputs match the tree (and a bundle built from exactly those) or rebuilds, whatever other builds race it.
  await writeAtomically(recordPath, JSON.stringify({ bundle, inputs } satisfies BuildRecord));
  await pruneOlderBundles(outDir, name, bundle);
  return path.join(outDir, bundle);
}

/**
 * Packages bundled with the workspace code instead of left to node: pure JavaScript spread over hundreds of small
 * ES modules, which node resolves, reads and links one by one at every boot (kysely and zod were 0.15 s of the
 * projector's 0.5 s of module loading; docs/performance.md, "Child process boot"). Only packages with no native
 * code and that no external package imports in turn (two copies would fail each other's instanceof checks).
 */
const bundledPackages = /^(?:kysely|zod)(?:\/|$)/;

/**
 * Bundles @oj/*, relative imports and `bundledPackages`, leaves every other package to node, and records each file
 * it loads. A bundle no longer sits beside its sources, so import.meta.dirname/filename/url are pinned to the
 * source file's.
 */
function workspaceOnly(inputs: Record<string, string>): Plugin {
  return {
    name: 'workspace-only',
    setup(builder) {
      builder.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith('@oj/') || path.isAbsolute(args.path) || bundledPackages.test(args.path)
          ? undefined
          : { path: args.path, external: true },
      );
      builder.onLoad({ filter: /\.([cm]?[jt]s|tsx?|json)$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        // A bundled package stands for its hundreds of files by its manifest (npm changes it with every version).
        const manifest = packageManifestOf(args.path);
        if (manifest === undefined) inputs[args.path] = sha256(source);
        else inputs[manifest] ??= await hashFile(manifest);
        const contents = source
          .replace(/\bimport\.meta\.dirname\b/g, JSON.stringify(path.dirname(args.path)))
          .replace(/\bimport\.meta\.filename\b/g, JSON.stringify(args.path))
          .replace(/\bimport\.meta\.url\b/g, JSON.stringify(pathToFileURL(args.path).href));
        return { contents, loader: loaderFor(args.path) };
      });
    },
  };
}

/** The package.json of the node_modules package `file` belongs to; undefined for a file outside node_modules. */
function packageManifestOf(file: string): string | undefined {
  const match = /^(.*\/node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(file);
  return match?.[1] === undefined ? undefined : path.join(match[1], 'package.json');
}

function loaderFor(file: string): 'ts' | 'js' | 'json' {
  if (file.endsWith('.json')) return 'json';
  return /\.[cm]?js$/.test(file) ? 'js' : 'ts';
}

/** Files that change how imports resolve or compile without being imported: package.json and tsconfig files. */
async function resolutionFiles(root: string): Promise<string[]> {
  const rootPackage = path.join(root, 'package.json');
  const workspaces = ((await readJson(rootPackage)) as { workspaces?: string[] } | undefined)?.workspaces ?? [];
  return [
    rootPackage,
    path.join(root, 'tsconfig.base.json'),
    ...workspaces.flatMap((workspace) => [
      path.join(root, workspace, 'package.json'),
      path.join(root, workspace, 'tsconfig.json'),
    ]),
  ];
}

async function stillCurrent(record: BuildRecord, outDir: string): Promise<boolean> {
  if (!(await exists(path.join(outDir, record.bundle)))) return false;
  // All at once: one file after another, the check of a bundle with its packages took three times as long.
  const unchanged = await Promise.all(
    Object.entries(record.inputs).map(async ([file, hash]) => (await hashFile(file)) === hash),
  );
  return unchanged.every(Boolean) && record.bundle.endsWith(`-${recordKey(record.inputs)}.mjs`);
}

/** The bundle's name: its inputs, esbuild's version and this builder's own source (a changed build changes it). */
function recordKey(inputs: Readonly<Record<string, string>>): string {
  const lines = Object.entries(inputs)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([file, hash]) => `${file} ${hash}`);
  return sha256([`esbuild ${esbuildVersion}`, `builder ${builderHash}`, ...lines].join('\n')).slice(0, 16);
}

const builderHash = sha256(await readFile(import.meta.filename, 'utf8'));

async function readRecord(file: string): Promise<BuildRecord | undefined> {
  const record = (await readJson(file)) as Partial<BuildRecord> | undefined;
  return typeof record?.bundle === 'string' && typeof record.inputs === 'object' && record.inputs !== null
    ? (record as BuildRecord)
    : undefined;
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** A missing file hashes to '' so that its appearing or disappearing both count as a change. */
async function hashFile(file: string): Promise<string> {
  try {
    return sha256(await readFile(file, 'utf8'));
  } catch {
    return '';
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** Concurrent stacks (parallel test files) may build the same bundle: each writes beside it and renames. */
async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, file);
}

async function pruneOlderBundles(outDir: string, name: string, keep: string): Promise<void> {
  const now = Date.now();
  for (const file of await readdir(outDir)) {
    if (!file.startsWith(`${name}-`) || file.startsWith(keep)) continue;
    const info = await stat(path.join(outDir, file)).catch(() => undefined);
    if (info && now - info.mtimeMs > pruneAfterMs) await rm(path.join(outDir, file), { force: true });
  }
}
