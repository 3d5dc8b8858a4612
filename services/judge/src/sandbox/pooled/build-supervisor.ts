import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { access, chmod, mkdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';

const sources = ['run-supervisor.h', 'run-supervisor.c', 'run-init.c', 'run-relay.c', 'run-accounting.c'].map((name) =>
  join(import.meta.dirname, name),
);

/**
 * Compiles the supervisor (run-supervisor.c and its parts) with gcc into `workRoot` once per source version (the name carries a
 * hash of the source), so a judge start costs a compile only after the source changed.
 */
export async function buildSupervisor(gcc: string, workRoot: string): Promise<string> {
  const digest = createHash('sha256');
  for (const source of sources) digest.update(await readFile(source));
  const hash = digest.digest('hex').slice(0, 16);
  await mkdir(workRoot, { recursive: true, mode: 0o755 });
  const binary = join(workRoot, `run-supervisor-${hash}`);
  if (
    await access(binary).then(
      () => true,
      () => false,
    )
  )
    return binary;
  const partial = `${binary}.${process.pid}.tmp`;
  const compiler = spawn(gcc, ['-O2', '-static', '-o', partial, ...sources.filter((source) => source.endsWith('.c'))], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  compiler.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const [code] = (await once(compiler, 'close')) as [number | null];
  if (code !== 0) throw new Error(`Compiling the sandbox supervisor failed: ${errors}`);
  await chmod(partial, 0o755);
  await rename(partial, binary);
  return binary;
}
