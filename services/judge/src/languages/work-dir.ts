import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Work and box dirs are 0711 (review F12): sandbox uids must traverse every parent of a box dir, but no local
 * user may list them and find submitted code or test data by name. The files inside stay root's, read-only to
 * the sandbox; a writable box is chowned to its slot's uid by the sandbox.
 */
export const workDirMode = 0o711;

/** A fresh directory for one submission's compile and runs. */
export async function createWorkDir(workRoot: string): Promise<string> {
  await mkdir(workRoot, { recursive: true, mode: workDirMode });
  await chmod(workRoot, workDirMode);
  const dir = await mkdtemp(join(workRoot, 'w-'));
  await chmod(dir, workDirMode);
  return dir;
}

export async function createBoxDir(parent: string, prefix: string): Promise<string> {
  const dir = await mkdtemp(join(parent, prefix));
  await chmod(dir, workDirMode);
  return dir;
}

export async function removeWorkDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}
