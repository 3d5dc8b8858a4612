import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A fresh directory for one submission's compile and runs. Sandbox uids must be able to traverse
 * every parent of a box dir, so the dirs are made 0755 (the files inside stay root's, read-only to them).
 */
export async function createWorkDir(workRoot: string): Promise<string> {
  await mkdir(workRoot, { recursive: true, mode: 0o755 });
  await chmod(workRoot, 0o755);
  const dir = await mkdtemp(join(workRoot, 'w-'));
  await chmod(dir, 0o755);
  return dir;
}

export async function createBoxDir(parent: string, prefix: string): Promise<string> {
  const dir = await mkdtemp(join(parent, prefix));
  await chmod(dir, 0o755);
  return dir;
}

export async function removeWorkDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}
