import { closeSync, constants, openSync, readSync, writeSync } from 'node:fs';

/**
 * Control files of cgroups that live as long as their slot, each opened once and then read and written
 * at offset 0 (pread/pwrite; a kernfs file shows fresh values on every read from 0). An open and a close
 * per access (readFileSync: open, fstat, read, read, close) were most of the system time the judge spent
 * per trivial pooled run; this is one syscall per access. Synchronous, as slot-cgroup.ts says why.
 */
export interface ControlFiles {
  read(path: string): string;
  readNumber(path: string): number;
  /** The value of `key` in a "key value" file (memory.oom_control, pids.events); 0 when absent. */
  readKeyed(path: string, key: string): number;
  write(path: string, value: string | number): void;
  close(): void;
}

export function createControlFiles(): ControlFiles {
  const opened = new Map<string, number>();
  let buffer = Buffer.alloc(4096);

  const fdOf = (path: string, flags: 'r' | 'w') => {
    const key = `${flags}:${path}`;
    let fd = opened.get(key);
    if (fd === undefined) {
      fd = openSync(path, flags === 'r' ? constants.O_RDONLY : constants.O_WRONLY);
      opened.set(key, fd);
    }
    return fd;
  };

  const read = (path: string) => {
    const fd = fdOf(path, 'r');
    let length = 0;
    for (;;) {
      if (length === buffer.length) buffer = Buffer.concat([buffer, Buffer.alloc(buffer.length)]);
      const n = readSync(fd, buffer, length, buffer.length - length, length);
      if (n === 0) return buffer.toString('utf8', 0, length);
      length += n;
    }
  };

  return {
    read,
    readNumber: (path) => Number(read(path).trim()),
    readKeyed(path, key) {
      for (const line of read(path).split('\n')) {
        const [name, value] = line.split(' ');
        if (name === key) return Number(value);
      }
      return 0;
    },
    write(path, value) {
      writeSync(fdOf(path, 'w'), String(value), 0);
    },
    close() {
      for (const fd of opened.values()) closeSync(fd);
      opened.clear();
    },
  };
}
