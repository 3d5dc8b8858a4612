import { readOrCreateSecret } from '@oj/platform';

/**
 * JWT_SECRET when given; otherwise the one generated on the first start and kept in DATA_DIR/secrets/jwt-secret
 * (0600), so tokens survive restarts.
 */
export async function resolveJwtSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured !== undefined) return configured;
  return (await readOrCreateSecret(dataDir, 'jwt-secret', 48)).value;
}
