import type { SandboxRunRequest } from '../sandbox';

/** A trivial program's run request (the benches run it; unit tests only encode it): `more` names what matters. */
export const aSandboxRunRequest = (more: Partial<SandboxRunRequest> = {}): SandboxRunRequest => ({
  argv: ['/box/main'],
  boxDir: '/work',
  freshBoxIn: '/work',
  writableBox: true,
  limits: {
    cpuTimeMs: 1000,
    wallTimeMs: 3000,
    memoryKib: 65536,
    stackKib: 8192,
    processes: 8,
    outputBytes: 1024,
    fileSizeBytes: 1024,
  },
  stdin: { kind: 'ignore' },
  stdout: { kind: 'capture' },
  stderr: { kind: 'capture' },
  ...more,
});
