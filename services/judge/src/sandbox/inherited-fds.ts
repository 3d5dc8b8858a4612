import { openSync, readdirSync, readFileSync } from 'node:fs';

const O_CLOEXEC = 0o2000000;

let strayFds: readonly number[] | undefined;
let devNull: number | undefined;

/**
 * The judge's own fds above stderr that lack close-on-exec: whoever started the judge left them
 * (a test runner's pipe, a shell's), and every child would inherit them. bwrap passes its fds on to
 * the program, so the per-run backend would hand them to user code. Node opens everything it owns
 * with close-on-exec, so these are known once, at the first launch.
 */
function inheritedFds(): readonly number[] {
  strayFds ??= readdirSync('/proc/self/fd')
    .map(Number)
    .filter((fd) => fd > 2)
    .filter((fd) => {
      try {
        const flags = /^flags:\s*([0-7]+)/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'))?.[1];
        return flags !== undefined && (Number.parseInt(flags, 8) & O_CLOEXEC) === 0;
      } catch {
        return false; // closed meanwhile (the fd readdir itself used)
      }
    });
  return strayFds;
}

/**
 * A spawn stdio list that also puts /dev/null over each inherited fd the list does not already set,
 * so a launcher's child never sees what the judge inherited.
 */
export function coverInheritedFds<T>(stdio: readonly T[]): (T | number | 'ignore')[] {
  const stray = inheritedFds().filter((fd) => fd >= stdio.length);
  if (stray.length === 0) return [...stdio];
  devNull ??= openSync('/dev/null', 'r');
  const covered: (T | number | 'ignore')[] = [...stdio];
  for (let fd = stdio.length; fd <= Math.max(...stray); fd += 1) covered.push(stray.includes(fd) ? devNull : 'ignore');
  return covered;
}
