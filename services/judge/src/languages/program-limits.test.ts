import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expandRunArgv, programLimits } from './program-limits';
import { cpp17 } from './records/cpp';
import { java } from './records/java';
import { languageCatalogue } from './registry';

describe('programLimits', () => {
  it("applies HOJ's ceilings to C++ unchanged: CPU T+200, wall 3×, memory M+100 MB, 128 processes", () => {
    const limits = programLimits(cpp17, { timeLimitMs: 1000, memoryLimitKib: 256 * 1024 });
    expect(limits.timeLimitMs).toBe(1000);
    expect(limits.memoryLimitKib).toBe(256 * 1024);
    expect(limits.sandbox).toMatchObject({
      cpuTimeMs: 1200,
      wallTimeMs: 3600,
      memoryKib: 356 * 1024,
      stackKib: 128 * 1024,
      processes: 128,
    });
    expect(limits.sandbox.outputBytes).toBe(32 * 1024 * 1024);
  });

  it('doubles time and memory, never the stack, for every language that is not C or C++', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...languageCatalogue),
        fc.integer({ min: 1, max: 20_000 }),
        fc.integer({ min: 1024, max: 4 * 1024 * 1024 }),
        fc.integer({ min: 1024, max: 1024 * 1024 }),
        (language, timeLimitMs, memoryLimitKib, stackLimitKib) => {
          const factor = /\.(c|cpp)$/.test(language.sourceFile) ? 1 : 2;
          const limits = programLimits(language, { timeLimitMs, memoryLimitKib, stackLimitKib });
          expect(limits.timeLimitMs).toBe(timeLimitMs * factor);
          expect(limits.memoryLimitKib).toBe(memoryLimitKib * factor);
          expect(limits.sandbox.stackKib).toBe(stackLimitKib);
          expect(limits.sandbox.memoryKib).toBeGreaterThanOrEqual(limits.memoryLimitKib + 100 * 1024);
        },
      ),
    );
  });

  it('caps stdout at twice the expected output, never below 32 MiB', () => {
    expect(programLimits(cpp17, { timeLimitMs: 1, memoryLimitKib: 1 }, 100 * 1024 * 1024).sandbox.outputBytes).toBe(
      200 * 1024 * 1024,
    );
  });

  it("puts the doubled memory limit into the JVM's -Xmx", () => {
    const limits = programLimits(java, { timeLimitMs: 1000, memoryLimitKib: 256 * 1024 });
    expect(expandRunArgv(java, limits.memoryLimitKib)).toContain('-Xmx512m');
  });
});
