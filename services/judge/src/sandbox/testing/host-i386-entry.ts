import { spawnSync } from 'node:child_process';

/**
 * Whether this host has no i386 syscall entry at all: the given 64-bit program, which makes an `int 0x80` syscall,
 * dies of SIGSEGV when run bare, outside any sandbox (a PVM guest, for one). There the sandbox's syscall filter never
 * sees such a syscall (SIGSEGV comes first) and the hostile suite expects that signal instead of the filter's SIGSYS;
 * either way the syscall never runs.
 */
export function hostLacksI386Entry(int80Program: string): boolean {
  return spawnSync(int80Program, { stdio: 'ignore' }).signal === 'SIGSEGV';
}
