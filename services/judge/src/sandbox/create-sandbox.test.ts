import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { automaticBackend } from './create-sandbox';

describe('automaticBackend', () => {
  let bin: string;
  beforeEach(async () => {
    bin = await mkdtemp(join(tmpdir(), 'oj-backend-path-'));
  });
  afterEach(async () => {
    await rm(bin, { recursive: true, force: true });
  });
  const install = async (...tools: string[]) => {
    for (const tool of tools) {
      await writeFile(join(bin, tool), '#!/bin/sh\n');
      await chmod(join(bin, tool), 0o755);
    }
  };

  it('F16: does not pick nsjail because it is on PATH', async () => {
    await install('nsjail', 'bwrap', 'gcc');
    expect(await automaticBackend({ hostPath: [bin] })).toBe('bubblewrap-pooled');
  });

  it('F16: picks the per-run bubblewrap when pooling is off, nsjail present or not', async () => {
    await install('nsjail', 'bwrap', 'gcc');
    expect(await automaticBackend({ hostPath: [bin], sandboxPooled: false })).toBe('bubblewrap');
  });

  it('picks the per-run bubblewrap without gcc (the pooled supervisor is compiled here)', async () => {
    await install('bwrap');
    expect(await automaticBackend({ hostPath: [bin] })).toBe('bubblewrap');
  });
});
