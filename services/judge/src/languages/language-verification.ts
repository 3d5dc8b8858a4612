import type { Sandbox } from '../sandbox/sandbox';
import { unavailableReason } from './available-languages';
import type { LanguageRecord } from './language';

export interface LanguageStatus {
  readonly verified: readonly string[];
  readonly verifying: readonly string[];
  readonly unavailable: readonly { readonly name: string; readonly reason: string }[];
}

export interface LanguageVerification {
  /** Resolves once the language's self-test has run (at once when it already has): undefined, or why it failed. */
  settle(name: string): Promise<string | undefined>;
  /** The record of a verified language; undefined while unverified, after a failure, or for an unknown name. */
  verifiedLanguage(name: string): LanguageRecord | undefined;
  status(): LanguageStatus;
  /** Resolves when every language has been verified (or failed). */
  readonly done: Promise<void>;
}

export interface LanguageVerificationOptions {
  readonly sandbox: Sandbox;
  readonly workRoot: string;
  readonly catalogue: readonly LanguageRecord[];
  /** Called whenever a language's self-test ends, so the judge can report at once. */
  readonly onSettled?: (name: string) => void;
}

/**
 * Runs every language's A+B self-test once per process, in the background and one at a time so the judging of
 * verified languages keeps the other sandbox slots (issue 11 item 4: a language is offered only after its
 * self-test passes). A task in a language not verified yet asks for it at once (`settle`) instead of waiting its
 * turn; each self-test runs once either way (memoised). Results live as long as the process: a toolchain
 * upgraded under a running judge is seen at its next start.
 */
export function startLanguageVerification(options: LanguageVerificationOptions): LanguageVerification {
  const byName = new Map(options.catalogue.map((language) => [language.name, language]));
  const outcomes = new Map<string, Promise<string | undefined>>();
  const failures = new Map<string, string>();
  const passed = new Set<string>();

  const settle = (name: string): Promise<string | undefined> => {
    const language = byName.get(name);
    if (!language) return Promise.resolve(`The language ${name} is not in this judge's catalogue`);
    let outcome = outcomes.get(name);
    if (!outcome) {
      outcome = unavailableReason(options.sandbox, language, { workRoot: options.workRoot, runSelfTests: true })
        .catch((error: unknown) => `self-test could not run: ${String(error)}`)
        .then((reason) => {
          if (reason === undefined) passed.add(name);
          else failures.set(name, reason);
          options.onSettled?.(name);
          return reason;
        });
      outcomes.set(name, outcome);
    }
    return outcome;
  };

  const done = (async () => {
    for (const language of options.catalogue) await settle(language.name);
  })();

  return {
    settle,
    verifiedLanguage: (name) => (passed.has(name) ? byName.get(name) : undefined),
    status: () => ({
      verified: options.catalogue.filter((language) => passed.has(language.name)).map((language) => language.name),
      verifying: options.catalogue
        .filter((language) => !passed.has(language.name) && !failures.has(language.name))
        .map((language) => language.name),
      unavailable: options.catalogue
        .filter((language) => failures.has(language.name))
        .map((language) => ({ name: language.name, reason: failures.get(language.name) ?? '' })),
    }),
    done,
  };
}
