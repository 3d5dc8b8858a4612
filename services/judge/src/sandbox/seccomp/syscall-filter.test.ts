import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileSyscallFilter,
  encodeSyscallFilter,
  namespaceCloneFlags,
  RET_ALLOW,
  RET_ERRNO,
  RET_KILL_PROCESS,
  syscallRules,
  x86_64,
  type BpfInstruction,
  type SyscallRule,
} from './syscall-filter';

interface SeccompData {
  readonly nr: number;
  readonly arch: number;
  /** Low 32 bits of each argument: the only half the filter reads. */
  readonly args: readonly number[];
}

/** Runs a classic BPF program the way the kernel does for the opcodes the compiler emits. */
function runFilter(program: readonly BpfInstruction[], data: SeccompData, onStep?: () => void): number {
  let accumulator = 0;
  for (let pc = 0; pc < program.length;) {
    onStep?.();
    const instruction = program[pc];
    if (!instruction) throw new Error(`jumped outside the program to ${pc}`);
    const { code, jt, jf, k } = instruction;
    if (code === 0x20) {
      accumulator = k === 0 ? data.nr >>> 0 : k === 4 ? data.arch : (data.args[(k - 16) / 8] ?? 0) >>> 0;
      pc += 1;
    } else if (code === 0x54) {
      accumulator = (accumulator & k) >>> 0;
      pc += 1;
    } else if (code === 0x15) pc += 1 + (accumulator === k ? jt : jf);
    else if (code === 0x45) pc += 1 + ((accumulator & k) !== 0 ? jt : jf);
    else if (code === 0x35) pc += 1 + (accumulator >= k ? jt : jf);
    else if (code === 0x06) return k;
    else throw new Error(`unexpected opcode ${code}`);
  }
  throw new Error('fell off the end of the program');
}

/** The rule list read directly: what the compiled program must agree with. */
function expectedAction(data: SeccompData): number {
  if (data.arch !== x86_64.auditArch) return RET_KILL_PROCESS;
  if ((data.nr & x86_64.foreignBit) !== 0) return RET_KILL_PROCESS;
  const name = Object.keys(x86_64.numbers).find((key) => x86_64.numbers[key] === data.nr);
  const rule: SyscallRule | undefined = name === undefined ? undefined : syscallRules[name];
  if (!rule) return RET_ALLOW;
  const arg = (index: number) => (data.args[index] ?? 0) >>> 0;
  switch (rule.kind) {
    case 'deny':
      return RET_ERRNO | rule.errno;
    case 'deny-bits':
      return (arg(rule.arg) & rule.mask) !== 0 ? RET_ERRNO | 1 : RET_ALLOW;
    case 'allow-values':
      return rule.values.includes(arg(rule.arg)) ? RET_ALLOW : RET_ERRNO | 1;
    case 'deny-masked':
      return rule.values.includes((arg(rule.arg) & rule.mask) >>> 0) ? RET_ERRNO | 1 : RET_ALLOW;
  }
}

const program = compileSyscallFilter(syscallRules, x86_64);
const native = (nr: number, ...args: number[]): SeccompData => ({ nr, arch: x86_64.auditArch, args });
const nr = (name: string) => {
  const number = x86_64.numbers[name];
  if (number === undefined) throw new Error(`no number for ${name}`);
  return number;
};
const EPERM = RET_ERRNO | 1;

describe('the seccomp filter', () => {
  it('refuses the dangerous syscalls with EPERM and clone3 with ENOSYS', () => {
    for (const name of ['ptrace', 'mount', 'umount2', 'unshare', 'setns', 'bpf', 'keyctl', 'io_uring_setup']) {
      expect(runFilter(program, native(nr(name))), name).toBe(EPERM);
    }
    expect(runFilter(program, native(nr('perf_event_open')))).toBe(EPERM);
    expect(runFilter(program, native(nr('clone3')))).toBe(RET_ERRNO | 38);
  });

  it('lets ordinary syscalls through', () => {
    for (const call of [0, 1, 2, 3, 9, 59, 60, 231, 202]) expect(runFilter(program, native(call))).toBe(RET_ALLOW);
  });

  it('allows clone for threads and processes, but not into new namespaces', () => {
    const threadFlags = 0x3d0f00; // what glibc's pthread_create passes
    expect(runFilter(program, native(nr('clone'), threadFlags))).toBe(RET_ALLOW);
    expect(runFilter(program, native(nr('clone'), 0x01200011))).toBe(RET_ALLOW); // fork()
    expect(runFilter(program, native(nr('clone'), 0x10000000 | 17))).toBe(EPERM); // CLONE_NEWUSER
    expect(runFilter(program, native(nr('clone'), namespaceCloneFlags))).toBe(EPERM);
  });

  it('allows only unix and IP sockets', () => {
    for (const family of [1, 2, 10]) expect(runFilter(program, native(nr('socket'), family))).toBe(RET_ALLOW);
    for (const family of [16, 17, 38, 40]) expect(runFilter(program, native(nr('socket'), family))).toBe(EPERM);
  });

  it('allows mknod of files and fifos, not devices', () => {
    expect(runFilter(program, native(nr('mknod'), 0, 0o010644))).toBe(RET_ALLOW);
    expect(runFilter(program, native(nr('mknod'), 0, 0o020644))).toBe(EPERM);
    expect(runFilter(program, native(nr('mknodat'), 0, 0, 0o060600))).toBe(EPERM);
    expect(runFilter(program, native(nr('mknodat'), 0, 0, 0o100600))).toBe(RET_ALLOW);
  });

  it('allows the default personality and the query, nothing else', () => {
    expect(runFilter(program, native(nr('personality'), 0))).toBe(RET_ALLOW);
    expect(runFilter(program, native(nr('personality'), 0xffffffff))).toBe(RET_ALLOW);
    expect(runFilter(program, native(nr('personality'), 0x0400000))).toBe(EPERM);
  });

  it('kills a foreign ABI: i386 int 0x80 and x32', () => {
    expect(runFilter(program, { nr: 4, arch: 0x40000003, args: [] })).toBe(RET_KILL_PROCESS);
    expect(runFilter(program, native(0x40000000 | 1))).toBe(RET_KILL_PROCESS);
  });

  it('agrees with the rule list for any syscall and arguments', () => {
    const numbers = Object.values(x86_64.numbers);
    const data = fc.record({
      nr: fc.oneof(fc.constantFrom(...numbers), fc.integer({ min: 0, max: 0x7fffffff })),
      arch: fc.oneof(fc.constant(x86_64.auditArch), fc.integer({ min: 0, max: 0xffffffff })),
      args: fc.array(
        fc.oneof(fc.integer({ min: 0, max: 0xffffffff }), fc.constantFrom(0, 1, 2, 10, 0xffffffff, 0o020000)),
        { minLength: 6, maxLength: 6 },
      ),
    });
    fc.assert(fc.property(data, (seccomp) => runFilter(program, seccomp) === expectedAction(seccomp)));
  });

  it('keeps every jump inside the program and fits the kernel limits', () => {
    expect(program.length).toBeLessThan(4096);
    program.forEach(({ code, jt, jf }, pc) => {
      if ((code & 0x07) === 0x05) {
        expect(pc + 1 + Math.max(jt, jf)).toBeLessThan(program.length);
        expect(Math.max(jt, jf)).toBeLessThanOrEqual(255);
      }
    });
    expect(program.at(-1)?.code).toBe(0x06);
  });

  it('encodes struct sock_filter little-endian, 8 bytes each', () => {
    const bytes = encodeSyscallFilter([{ code: 0x15, jt: 2, jf: 3, k: 0xc000003e }]);
    expect([...bytes]).toEqual([0x15, 0, 2, 3, 0x3e, 0, 0, 0xc0]);
    expect(encodeSyscallFilter(program).length).toBe(program.length * 8);
  });

  it('decides any syscall in a few instructions (a search on the number, not a list)', () => {
    const steps = (data: SeccompData) => {
      let count = 0;
      runFilter(program, data, () => (count += 1));
      return count;
    };
    for (let call = 0; call < 512; call += 1) expect(steps(native(call)), String(call)).toBeLessThanOrEqual(24);
  });

  it('names a number for every rule', () => {
    for (const name of Object.keys(syscallRules)) expect(x86_64.numbers[name], name).toBeTypeOf('number');
  });
});
