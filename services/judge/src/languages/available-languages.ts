import { access, constants } from 'node:fs/promises';
import type { Sandbox } from '../sandbox/sandbox';
import { compileProgram } from './compile-program';
import type { LanguageRecord } from './language';
import { languageCatalogue } from './registry';
import { runProgram } from './run-program';
import { createWorkDir, removeWorkDir } from './work-dir';

export interface LanguageAvailability {
  readonly offered: readonly LanguageRecord[];
  /** Everything in the catalogue that is not offered, with the reason (shown as unavailable). */
  readonly unavailable: readonly { readonly language: LanguageRecord; readonly reason: string }[];
}

export interface AvailabilityOptions {
  /** Where self-test work dirs go (the judge's workRoot). */
  readonly workRoot: string;
  /** Compile and run each language's A+B in the sandbox; without it only the binaries are checked. */
  readonly runSelfTests: boolean;
  readonly catalogue?: readonly LanguageRecord[];
}

async function missingBinary(language: LanguageRecord): Promise<string | undefined> {
  for (const path of language.requiredBinaries) {
    if (
      !(await access(path, constants.X_OK).then(
        () => true,
        () => false,
      ))
    )
      return path;
  }
  return undefined;
}

/** Compiles and runs the A+B self-test; returns why it failed, or undefined when it printed 3 for "1 2". */
export async function selfTestFailure(
  sandbox: Sandbox,
  language: LanguageRecord,
  workRoot: string,
): Promise<string | undefined> {
  const workDir = await createWorkDir(workRoot);
  try {
    const compiled = await compileProgram(sandbox, language, language.selfTestSource, workDir);
    if (!compiled.ok) return `self-test did not compile: ${compiled.compilerOutput.slice(0, 500)}`;
    const { result } = await runProgram(sandbox, language, compiled.artifactsDir, {
      limits: { timeLimitMs: 5000, memoryLimitKib: 256 * 1024 },
      stdin: { kind: 'bytes', content: '1 2\n' },
      stdout: { kind: 'capture' },
    });
    const output = Buffer.from(result.stdout ?? new Uint8Array())
      .toString('utf8')
      .trim();
    if (result.exitCode === 0 && result.limitHit === null && output === '3') return undefined;
    const stderr = Buffer.from(result.stderr ?? new Uint8Array())
      .toString('utf8')
      .slice(0, 500);
    return `self-test failed: exit ${result.exitCode ?? result.signal}, limit ${result.limitHit}, output "${output.slice(0, 100)}", stderr ${stderr}`;
  } finally {
    await removeWorkDir(workDir);
  }
}

/** Why this judge cannot offer the language (its record says so, a binary is missing, the self-test failed), if so. */
export async function unavailableReason(
  sandbox: Sandbox,
  language: LanguageRecord,
  options: AvailabilityOptions,
): Promise<string | undefined> {
  if (language.unavailableReason) return language.unavailableReason;
  const binary = await missingBinary(language);
  if (binary) return `${binary} is not installed`;
  return options.runSelfTests ? selfTestFailure(sandbox, language, options.workRoot) : undefined;
}

/** Self-tests run concurrently; the sandbox's slot pool bounds how many at once. */
async function judgeAvailability(sandbox: Sandbox, options: AvailabilityOptions): Promise<LanguageAvailability> {
  const catalogue = options.catalogue ?? languageCatalogue;
  const reasons = await Promise.all(catalogue.map((language) => unavailableReason(sandbox, language, options)));
  const offered: LanguageRecord[] = [];
  const unavailable: { language: LanguageRecord; reason: string }[] = [];
  catalogue.forEach((language, index) => {
    const reason = reasons[index];
    if (reason) unavailable.push({ language, reason });
    else offered.push(language);
  });
  return { offered, unavailable };
}

const cache = new WeakMap<Sandbox, Map<string, Promise<LanguageAvailability>>>();

/**
 * Which languages this judge offers: a language is offered only if its toolchain is installed and
 * (with runSelfTests) its A+B self-test passes in this sandbox, so a broken one is never offered.
 * Cached per sandbox and options: self-tests take a few seconds (javac, rustc).
 */
export function availableLanguages(sandbox: Sandbox, options: AvailabilityOptions): Promise<LanguageAvailability> {
  const perSandbox = cache.get(sandbox) ?? new Map<string, Promise<LanguageAvailability>>();
  cache.set(sandbox, perSandbox);
  const key = `${options.workRoot}|${options.runSelfTests}|${(options.catalogue ?? languageCatalogue).map((l) => l.name).join(',')}`;
  const cached = perSandbox.get(key);
  if (cached) return cached;
  const pending = judgeAvailability(sandbox, options);
  perSandbox.set(key, pending);
  pending.catch(() => perSandbox.delete(key));
  return pending;
}
