/**
 * The seccomp filter every sandboxed program (compilers too) runs under, on both bubblewrap backends:
 * one rule list, compiled here to classic BPF. bwrap reads these bytes from `--seccomp <fd>`; the
 * pooled supervisor gets them in an 'S' frame and installs them right before each execve.
 *
 * A deny-list, not an allow-list: 14 language runtimes (JVM, Go, Node, Mono, Rust…) call whatever
 * their versions call, and a missing entry on an allow-list breaks a language in a way no test of
 * ours may reach. Denied calls fail with EPERM (clone3 with ENOSYS, so libc falls back to clone,
 * whose flags a filter can read) instead of killing: runtimes probe (io_uring, perf, keyrings) and
 * go on without. Only a foreign syscall ABI (i386 `int 0x80`, x32) kills, since no judged program
 * has a reason to use one and the rules below are written against the native numbers only.
 */

/** One rule: what the filter does with a syscall. */
export type SyscallRule =
  /** Always refused with this errno. */
  | { readonly kind: 'deny'; readonly errno: number }
  /** Refused (EPERM) when an argument has any of these bits (low 32 bits). */
  | { readonly kind: 'deny-bits'; readonly arg: number; readonly mask: number }
  /** Refused (EPERM) unless an argument is one of these values (low 32 bits). */
  | { readonly kind: 'allow-values'; readonly arg: number; readonly values: readonly number[] }
  /** Refused (EPERM) when an argument masked with `mask` is one of these values. */
  | { readonly kind: 'deny-masked'; readonly arg: number; readonly mask: number; readonly values: readonly number[] };

const EPERM = 1;
const ENOSYS = 38;
const deny: SyscallRule = { kind: 'deny', errno: EPERM };

/** CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET. */
export const namespaceCloneFlags = 0x7e020000;
const S_IFMT = 0o170000;
const S_IFCHR = 0o020000;
const S_IFBLK = 0o060000;
const AF_UNIX = 1;
const AF_INET = 2;
const AF_INET6 = 10;

/**
 * The rules by syscall name. AF_INET/AF_INET6 stay allowed: the sandbox's network namespace has
 * only a loopback of its own, and runtimes open such sockets while starting (Java, Mono); netlink,
 * packet and the other families are kernel surface no judged program needs.
 */
export const syscallRules: Readonly<Record<string, SyscallRule>> = {
  // Reading or changing other processes.
  ptrace: deny,
  process_vm_readv: deny,
  process_vm_writev: deny,
  kcmp: deny,
  pidfd_getfd: deny,
  // Mounts and namespaces: the sandbox's view is fixed (and /host stays covered in the pooled backend).
  mount: deny,
  umount2: deny,
  pivot_root: deny,
  chroot: deny,
  open_tree: deny,
  move_mount: deny,
  fsopen: deny,
  fsconfig: deny,
  fsmount: deny,
  fspick: deny,
  mount_setattr: deny,
  unshare: deny,
  setns: deny,
  clone: { kind: 'deny-bits', arg: 0, mask: namespaceCloneFlags },
  clone3: { kind: 'deny', errno: ENOSYS },
  // The kernel itself: modules, kexec, BPF, perf, keyrings, io_uring, userfaultfd.
  kexec_load: deny,
  kexec_file_load: deny,
  init_module: deny,
  finit_module: deny,
  delete_module: deny,
  bpf: deny,
  perf_event_open: deny,
  keyctl: deny,
  add_key: deny,
  request_key: deny,
  userfaultfd: deny,
  io_uring_setup: deny,
  io_uring_enter: deny,
  io_uring_register: deny,
  // Machine-wide state: accounting, swap, reboot, clocks, kernel log, host names, quotas.
  acct: deny,
  swapon: deny,
  swapoff: deny,
  reboot: deny,
  settimeofday: deny,
  clock_settime: deny,
  clock_adjtime: deny,
  adjtimex: deny,
  syslog: deny,
  sethostname: deny,
  setdomainname: deny,
  quotactl: deny,
  quotactl_fd: deny,
  lookup_dcookie: deny,
  // Files by handle (bypasses path checks), fanotify, devices, raw port IO, old interfaces.
  open_by_handle_at: deny,
  name_to_handle_at: deny,
  fanotify_init: deny,
  mknod: { kind: 'deny-masked', arg: 1, mask: S_IFMT, values: [S_IFCHR, S_IFBLK] },
  mknodat: { kind: 'deny-masked', arg: 2, mask: S_IFMT, values: [S_IFCHR, S_IFBLK] },
  iopl: deny,
  ioperm: deny,
  uselib: deny,
  vhangup: deny,
  // personality(0) sets the default and 0xffffffff only asks; anything else (READ_IMPLIES_EXEC, no ASLR) is refused.
  personality: { kind: 'allow-values', arg: 0, values: [0, 0xffffffff] },
  socket: { kind: 'allow-values', arg: 0, values: [AF_UNIX, AF_INET, AF_INET6] },
};

/** The native ABI the rules are written for. */
export interface SyscallTable {
  /** AUDIT_ARCH_* of the native ABI. */
  readonly auditArch: number;
  /** Syscall numbers at or above this belong to another ABI on the same arch (x32), or 0 for none. */
  readonly foreignBit: number;
  readonly numbers: Readonly<Record<string, number>>;
}

/** x86-64 (arch/x86/entry/syscalls/syscall_64.tbl). */
export const x86_64: SyscallTable = {
  auditArch: 0xc000003e,
  foreignBit: 0x40000000,
  numbers: {
    socket: 41,
    clone: 56,
    ptrace: 101,
    syslog: 103,
    mknod: 133,
    uselib: 134,
    personality: 135,
    vhangup: 153,
    pivot_root: 155,
    adjtimex: 159,
    chroot: 161,
    acct: 163,
    settimeofday: 164,
    mount: 165,
    umount2: 166,
    swapon: 167,
    swapoff: 168,
    reboot: 169,
    sethostname: 170,
    setdomainname: 171,
    iopl: 172,
    ioperm: 173,
    init_module: 175,
    delete_module: 176,
    quotactl: 179,
    lookup_dcookie: 212,
    clock_settime: 227,
    kexec_load: 246,
    add_key: 248,
    request_key: 249,
    keyctl: 250,
    mknodat: 259,
    unshare: 272,
    perf_event_open: 298,
    fanotify_init: 300,
    name_to_handle_at: 303,
    open_by_handle_at: 304,
    clock_adjtime: 305,
    setns: 308,
    process_vm_readv: 310,
    process_vm_writev: 311,
    kcmp: 312,
    finit_module: 313,
    kexec_file_load: 320,
    bpf: 321,
    userfaultfd: 323,
    io_uring_setup: 425,
    io_uring_enter: 426,
    io_uring_register: 427,
    open_tree: 428,
    move_mount: 429,
    fsopen: 430,
    fsconfig: 431,
    fsmount: 432,
    fspick: 433,
    clone3: 435,
    pidfd_getfd: 438,
    mount_setattr: 442,
    quotactl_fd: 443,
  },
};

export function nativeSyscallTable(arch: string = process.arch): SyscallTable {
  if (arch === 'x64') return x86_64;
  // Failing closed: a judge on another arch must not run programs without the filter.
  throw new Error(`The sandbox's seccomp filter has no syscall numbers for ${arch} (only x64)`);
}

/** Classic BPF opcodes (linux/filter.h) and seccomp return values (linux/seccomp.h). */
const LD_W_ABS = 0x20;
const ALU_AND_K = 0x54;
const JMP_JEQ_K = 0x15;
const JMP_JGE_K = 0x35;
const JMP_JSET_K = 0x45;
const RET_K = 0x06;
export const RET_KILL_PROCESS = 0x80000000;
export const RET_ERRNO = 0x00050000;
export const RET_ALLOW = 0x7fff0000;
/** Offsets in struct seccomp_data: nr, arch, then the u64 args (little-endian, so the low half first). */
const NR = 0;
const ARCH = 4;
const argLow = (arg: number) => 16 + 8 * arg;

export interface BpfInstruction {
  readonly code: number;
  readonly jt: number;
  readonly jf: number;
  readonly k: number;
}

const op = (code: number, k: number, jt = 0, jf = 0): BpfInstruction => ({ code, jt, jf, k: k >>> 0 });
const ret = (value: number) => op(RET_K, value);
const eperm = ret(RET_ERRNO | EPERM);

/** The instructions after "the syscall is this one": each block ends in a return, so no jump leaves it. */
function ruleBlock(rule: SyscallRule): BpfInstruction[] {
  switch (rule.kind) {
    case 'deny':
      return [ret(RET_ERRNO | rule.errno)];
    case 'deny-bits':
      return [op(LD_W_ABS, argLow(rule.arg)), op(JMP_JSET_K, rule.mask, 0, 1), eperm, ret(RET_ALLOW)];
    case 'allow-values': {
      const n = rule.values.length;
      const tests = rule.values.map((value, i) => op(JMP_JEQ_K, value, n - i, 0));
      return [op(LD_W_ABS, argLow(rule.arg)), ...tests, eperm, ret(RET_ALLOW)];
    }
    case 'deny-masked': {
      const n = rule.values.length;
      const tests = rule.values.map((value, i) => op(JMP_JEQ_K, value, n - 1 - i, i === n - 1 ? 1 : 0));
      return [op(LD_W_ABS, argLow(rule.arg)), op(ALU_AND_K, rule.mask), ...tests, eperm, ret(RET_ALLOW)];
    }
  }
}

/** Up to this many rules are tested one after another; more are split in two by a syscall number. */
const linearRules = 4;

/**
 * The rules, sorted by number, as a binary search on the syscall number (in the accumulator): a
 * comparison tree whose leaves test a few numbers each, so any syscall takes ~10 instructions. The
 * kernel runs the filter once per syscall number when it is installed (its action cache, which then
 * skips the filter for syscalls always allowed), so a linear list cost every run about half a
 * millisecond on this machine.
 */
function searchTree(rules: readonly { readonly nr: number; readonly block: BpfInstruction[] }[]): BpfInstruction[] {
  if (rules.length <= linearRules) {
    const tests = rules.flatMap(({ nr, block }) => [op(JMP_JEQ_K, nr, 0, block.length), ...block]);
    return [...tests, ret(RET_ALLOW)];
  }
  const middle = Math.floor(rules.length / 2);
  const below = searchTree(rules.slice(0, middle));
  const above = searchTree(rules.slice(middle));
  if (below.length > 255) throw new Error('The syscall filter outgrew an 8-bit jump');
  // Every path through `below` returns, so `above` is reached only by the jump.
  return [op(JMP_JGE_K, rules[middle]?.nr ?? 0, below.length, 0), ...below, ...above];
}

/** The filter as instructions: arch check, foreign-ABI check, then the rules by syscall number. */
export function compileSyscallFilter(
  rules: Readonly<Record<string, SyscallRule>> = syscallRules,
  table: SyscallTable = nativeSyscallTable(),
): BpfInstruction[] {
  const program = [op(LD_W_ABS, ARCH), op(JMP_JEQ_K, table.auditArch, 1, 0), ret(RET_KILL_PROCESS)];
  program.push(op(LD_W_ABS, NR));
  if (table.foreignBit !== 0) program.push(op(JMP_JSET_K, table.foreignBit, 0, 1), ret(RET_KILL_PROCESS));
  const numbered = Object.entries(rules).map(([name, rule]) => {
    const nr = table.numbers[name];
    if (nr === undefined) throw new Error(`No syscall number for ${name}`);
    // A block that loads an argument clobbers the accumulator, but it always returns.
    return { nr, block: ruleBlock(rule) };
  });
  program.push(...searchTree(numbered.sort((a, b) => a.nr - b.nr)));
  return program;
}

/** struct sock_filter[] as the kernel (and bwrap --seccomp) reads it: u16 code, u8 jt, u8 jf, u32 k, little-endian. */
export function encodeSyscallFilter(program: readonly BpfInstruction[] = compileSyscallFilter()): Buffer {
  const bytes = Buffer.alloc(program.length * 8);
  program.forEach((instruction, i) => {
    bytes.writeUInt16LE(instruction.code, i * 8);
    bytes.writeUInt8(instruction.jt, i * 8 + 2);
    bytes.writeUInt8(instruction.jf, i * 8 + 3);
    bytes.writeUInt32LE(instruction.k, i * 8 + 4);
  });
  return bytes;
}
