import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** DATA_DIR/secrets: 0700, each file 0600 (the JWT key, the database passwords, the NATS token). */
export function secretsDirectory(dataDir: string): string {
  return path.join(dataDir, 'secrets');
}

export interface SecretFile {
  readonly value: string;
  /** True when this call generated the secret (a DATA_DIR from before the secret existed, or a fresh one). */
  readonly created: boolean;
}

/**
 * The secret kept in DATA_DIR/secrets/<name>, generated (`bytes` random bytes, base64url) on first use.
 * `wx` makes two processes racing on a fresh DATA_DIR agree on one value. base64url needs no escaping in a
 * URL's userinfo, a SQL literal or a command line.
 */
export async function readOrCreateSecret(dataDir: string, name: string, bytes = 32): Promise<SecretFile> {
  const directory = secretsDirectory(dataDir);
  const file = path.join(directory, name);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  let created = true;
  try {
    await writeFile(file, randomBytes(bytes).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    created = false;
  }
  const value = (await readFile(file, 'utf8')).trim();
  if (value.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters; delete it to regenerate`);
  return { value, created };
}
