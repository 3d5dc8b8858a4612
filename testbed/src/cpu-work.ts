import { readFileSync } from 'node:fs';
import { ms, percentile } from './bench-statistics';

/** The CPU a piece of work took: this process's threads, and PostgreSQL's processes (null for a remote server). */
export interface CpuWork {
  readonly nodeMs: number;
  readonly postgresMs: number | null;
}

/**
 * Measures the CPU time a piece of work costs, apart from the wall time it waits: on a VM shared with other work, a
 * round trip's wall time includes the wake-ups of two processes, each of which may wait for a core. PostgreSQL's
 * part is the scheduler's own nanosecond count (`/proc/<pid>/schedstat`) of the postmaster and its children
 * (backends, WAL writer, checkpointer): a commit's WAL flush is work too, whichever process does it.
 */
export function cpuWorkMeter(postmasterPid: number | null) {
  return {
    /** Call before the work; the returned function, called after it, gives what the work cost. */
    start(): () => CpuWork {
      const postgresBefore = postmasterPid === null ? null : postgresCpuNs(postmasterPid);
      const nodeBefore = process.cpuUsage();
      return () => {
        const node = process.cpuUsage(nodeBefore);
        const nodeMs = (node.user + node.system) / 1000;
        if (postmasterPid === null || postgresBefore === null) return { nodeMs, postgresMs: null };
        const postgresAfter = postgresCpuNs(postmasterPid);
        let spentNs = 0;
        for (const [pid, ns] of postgresAfter) spentNs += ns - (postgresBefore.get(pid) ?? 0);
        return { nodeMs, postgresMs: spentNs / 1e6 };
      };
    },
  };
}

/** The CPU the verdicts took, beside their wall time: what is the board's work, and what is waiting for a core. */
export function cpuWorkReport(samples: readonly CpuWork[]): string {
  const node = samples.map((sample) => sample.nodeMs);
  const both = samples.map((sample) => sample.nodeMs + (sample.postgresMs ?? 0));
  const postgres = samples.every((sample) => sample.postgresMs !== null)
    ? `, PostgreSQL's processes p50 ${ms(
        percentile(
          samples.map((sample) => sample.postgresMs ?? 0),
          50,
        ),
      )} ms`
    : ' (PostgreSQL is remote: its part is not counted)';
  return `p50 ${ms(percentile(both, 50))} ms, p99 ${ms(percentile(both, 99))} ms of CPU (this process p50 ${ms(percentile(node, 50))} ms${postgres})`;
}

/** Nanoseconds on a CPU so far, for the postmaster and each of its children (one forked meanwhile counts whole). */
function postgresCpuNs(postmasterPid: number): Map<number, number> {
  const children = readFileSync(`/proc/${postmasterPid}/task/${postmasterPid}/children`, 'utf8');
  const pids = [postmasterPid, ...children.split(/\s+/).filter(Boolean).map(Number)];
  const spent = new Map<number, number>();
  for (const pid of pids) {
    try {
      spent.set(pid, Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ', 1)[0]));
    } catch {
      // The process ended between the listing and this read: what it did is not counted.
    }
  }
  return spent;
}
