import { describe, expect, it } from 'vitest';
import { syscallRules, x86_64 } from '../seccomp/syscall-filter';
import { nsjailArgv } from './nsjail-argv';
import { nsjailSeccompPolicy } from './nsjail-seccomp';
import { aSandboxRunRequest } from '../testing/run-requests';

const policy = nsjailSeccompPolicy(syscallRules, x86_64);

describe('nsjailSeccompPolicy', () => {
  it('F16: names every syscall of the deny-list by its number', () => {
    for (const name of Object.keys(syscallRules)) {
      expect(policy).toContain(`#define oj_${name} ${x86_64.numbers[name]}\n`);
    }
    expect(policy).toMatch(/USE oj_judge DEFAULT ALLOW$/);
  });

  it('F16: refuses with the same errno and on the same arguments as the BPF filter', () => {
    expect(policy).toMatch(/ERRNO\(1\) \{[^}]*oj_ptrace,/);
    expect(policy).toMatch(/ERRNO\(38\) \{ oj_clone3 \}/);
    expect(policy).toContain('oj_clone(a0, a1, a2, a3, a4, a5) { (a0 & 0x7e020000) != 0 }');
    expect(policy).toContain('oj_socket(a0, a1, a2, a3, a4, a5) { a0 != 0x1 && a0 != 0x2 && a0 != 0xa }');
    expect(policy).toContain(
      'oj_mknodat(a0, a1, a2, a3, a4, a5) { (a2 & 0xf000) == 0x2000 || (a2 & 0xf000) == 0x6000 }',
    );
  });

  it('F16: reaches nsjail as --seccomp_string', () => {
    // A host box dir, as the original request: no fresh box.
    const { freshBoxIn: _hostBoxOnly, ...request } = aSandboxRunRequest({ boxDir: '/data/box' });
    const tools = { sh: '/bin/sh', setpriv: '/usr/bin/setpriv', nsjail: '/usr/bin/nsjail', seccompPolicy: policy };
    const argv = nsjailArgv(tools, request, 60000, []);
    expect(argv[argv.indexOf('--seccomp_string') + 1]).toBe(policy);
    expect(argv.indexOf('--seccomp_string')).toBeLessThan(argv.lastIndexOf('--'));
  });
});
