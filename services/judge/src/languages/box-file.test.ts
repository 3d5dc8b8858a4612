import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readBoxFile } from './box-file';

const text = (bytes: Uint8Array | undefined) => (bytes === undefined ? undefined : Buffer.from(bytes).toString());

describe('readBoxFile', () => {
  let root: string;
  let box: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'oj-box-file-'));
    box = join(root, 'w-1', 'box-1');
    await mkdir(box, { recursive: true });
    await writeFile(join(root, 'secret'), 'SECRET');
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('reads a regular file of the box, up to the cap', async () => {
    await writeFile(join(box, 'out.txt'), 'hello');
    expect(text(await readBoxFile(box, 'out.txt', 3))).toBe('hel');
    expect(await readBoxFile(box, 'absent.txt', 3)).toBeUndefined();
  });

  it.each(['../../secret', '/etc/passwd', '..', '.', 'a/b'])('F3: refuses the name %j', async (name) => {
    await expect(readBoxFile(box, name, 100)).rejects.toThrow(/plain file name/);
  });

  it('F3: does not follow a symlink in the box that points outside it', async () => {
    await symlink(join(root, 'secret'), join(box, 'out.txt'));
    expect(await readBoxFile(box, 'out.txt', 100)).toBeUndefined();
  });

  it('F3: does not read through a box that was replaced by a symlink', async () => {
    const outside = join(root, 'outside');
    await mkdir(outside);
    await writeFile(join(outside, 'out.txt'), 'SECRET');
    await rm(box, { recursive: true });
    await symlink(outside, box);
    await expect(readBoxFile(box, 'out.txt', 100)).rejects.toThrow();
  });

  it('F3: refuses a box path that is not absolute and normal', async () => {
    await expect(readBoxFile(`${box}/../box-1`, 'out.txt', 100)).rejects.toThrow(/Not a box path/);
  });

  it('does not read a directory or wait on a FIFO named like the output', async () => {
    await mkdir(join(box, 'out.txt'));
    expect(await readBoxFile(box, 'out.txt', 100)).toBeUndefined();
  });
});
