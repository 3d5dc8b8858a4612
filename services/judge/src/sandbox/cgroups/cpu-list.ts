import { readFileSync } from 'node:fs';

/** The CPUs of a kernel CPU list ("0-3,6", as in cpuset.cpus and Cpus_allowed_list), ascending. */
export function parseCpuList(text: string): number[] {
  const cpus = new Set<number>();
  for (const part of text.trim().split(',')) {
    if (part === '') continue;
    const match = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!match) throw new Error(`Not a CPU list: ${JSON.stringify(text)}`);
    const first = Number(match[1]);
    const last = match[2] === undefined ? first : Number(match[2]);
    for (let cpu = first; cpu <= last; cpu += 1) cpus.add(cpu);
  }
  return [...cpus].sort((a, b) => a - b);
}

/** The CPUs this process may run on (its affinity, within its cpuset): the ones slots can be pinned to. */
export function allowedCpus(): number[] {
  const line = /^Cpus_allowed_list:\s*(.*)$/m.exec(readFileSync('/proc/self/status', 'utf8'));
  return parseCpuList(line?.[1] ?? '');
}
