import { chmodSync, mkdirSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Work and box dirs are 0711 (review F12): sandbox uids must traverse every parent of a box dir, but no local
 * user may list them and find submitted code or test data by name. The files inside stay root's, read-only to
 * the sandbox; a writable box is chowned to its slot's uid by the sandbox.
 */
export const workDirMode = 0o711;

/*
 * Made synchronously: each is a few microseconds of local metadata work, while a round trip through libuv's
 * thread pool cost milliseconds on a busy machine, and an attempt makes several of them on the
 * submit-to-verdict path (its dir, the source's, one per case). Removal stays asynchronous (a tree).
 */

/** A fresh directory for one submission's compile and runs. */
export async function createWorkDir(workRoot: string): Promise<string> {
  mkdirSync(workRoot, { recursive: true, mode: workDirMode });
  chmodSync(workRoot, workDirMode);
  const dir = mkdtempSync(join(workRoot, 'w-'));
  chmodSync(dir, workDirMode);
  return dir;
}

export async function createBoxDir(parent: string, prefix: string): Promise<string> {
  const dir = mkdtempSync(join(parent, prefix));
  chmodSync(dir, workDirMode);
  return dir;
}

export async function removeWorkDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}
