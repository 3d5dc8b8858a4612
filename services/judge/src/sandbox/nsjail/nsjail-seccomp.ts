import { nativeSyscallTable, syscallRules, type SyscallRule, type SyscallTable } from '../seccomp/syscall-filter';

const args = ['a0', 'a1', 'a2', 'a3', 'a4', 'a5'] as const;
const hex = (value: number) => `0x${value.toString(16)}`;

/** The kafel condition under which the rule refuses the call, or null when it always does. */
function refusedWhen(rule: SyscallRule): string | null {
  switch (rule.kind) {
    case 'deny':
      return null;
    case 'deny-bits':
      return `(${args[rule.arg]} & ${hex(rule.mask)}) != 0`;
    case 'allow-values':
      return rule.values.map((value) => `${args[rule.arg]} != ${hex(value)}`).join(' && ');
    case 'deny-masked':
      return rule.values.map((value) => `(${args[rule.arg]} & ${hex(rule.mask)}) == ${hex(value)}`).join(' || ');
  }
}

const errnoOf = (rule: SyscallRule) => (rule.kind === 'deny' ? rule.errno : 1);

/**
 * The sandbox's syscall deny-list (../seccomp, the rules both bubblewrap backends install) as a kafel
 * policy for nsjail's --seccomp_string (issue 10, F16: nsjail used to run programs with no filter at all).
 * Syscalls are named by number through #define, so a kafel that does not know a newer syscall's name
 * (clone3, io_uring, the new mount API) still compiles the policy. Everything else is allowed, as with
 * bwrap; kafel itself kills a call of a foreign architecture.
 */
export function nsjailSeccompPolicy(
  rules: Readonly<Record<string, SyscallRule>> = syscallRules,
  table: SyscallTable = nativeSyscallTable(),
): string {
  const defines: string[] = [];
  const byErrno = new Map<number, string[]>();
  for (const [name, rule] of Object.entries(rules)) {
    const number = table.numbers[name];
    if (number === undefined) throw new Error(`No syscall number for ${name}`);
    defines.push(`#define oj_${name} ${number}`);
    const condition = refusedWhen(rule);
    const match = condition === null ? `oj_${name}` : `oj_${name}(${args.join(', ')}) { ${condition} }`;
    byErrno.set(errnoOf(rule), [...(byErrno.get(errnoOf(rule)) ?? []), match]);
  }
  const blocks = [...byErrno].map(([errno, matches]) => `ERRNO(${errno}) { ${matches.join(', ')} }`);
  return [...defines, `POLICY oj_judge { ${blocks.join(', ')} }`, 'USE oj_judge DEFAULT ALLOW'].join('\n');
}
