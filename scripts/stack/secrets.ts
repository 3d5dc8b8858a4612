import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * JWT_SECRET when given; otherwise the one generated on the first start and kept in DATA_DIR/secrets/jwt-secret,
 * so tokens survive restarts. `wx` makes two processes racing on a fresh DATA_DIR agree on one secret.
 */
export async function resolveJwtSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured !== undefined) return configured;
  const directory = path.join(dataDir, 'secrets');
  const file = path.join(directory, 'jwt-secret');
  await mkdir(directory, { recursive: true, mode: 0o700 });
  try {
    await writeFile(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = (await readFile(file, 'utf8')).trim();
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters; delete it to regenerate`);
  return secret;
}
