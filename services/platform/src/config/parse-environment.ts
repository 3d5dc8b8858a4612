import type { z } from 'zod';

/** The environment did not parse; the message lists every bad variable at once. */
export class ConfigurationError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigurationError';
  }
}

/**
 * Parses an environment (process.env in a config.ts, a literal object in tests) with a zod object schema
 * and returns a frozen config, or throws one error naming every variable that is wrong.
 */
export function parseEnvironment<Schema extends z.ZodType<object>>(
  schema: Schema,
  environment: Readonly<Record<string, string | undefined>>,
): Readonly<z.infer<Schema>> {
  const result = schema.safeParse(environment);
  if (!result.success) {
    throw new ConfigurationError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  return Object.freeze(result.data);
}
