import type { LanguageRecord } from '../language';
import { mib } from './c-family';

export const csharp: LanguageRecord = {
  name: 'C#',
  contentType: 'text/x-csharp',
  sourceFile: 'Main.cs',
  compileArgv: ['/usr/bin/mcs', '-optimize+', '-out:main', 'Main.cs'],
  compileLimits: { cpuTimeMs: 5000, wallTimeMs: 10_000, memoryKib: 512 * mib },
  runArgv: ['/usr/bin/mono', '/box/main'],
  artifacts: ['main'],
  timeFactor: 2,
  memoryFactor: 2,
  runtimeOverheadKib: 0,
  processes: 128,
  requiredBinaries: ['/usr/bin/mcs', '/usr/bin/mono'],
  selfTestSource: `using System;

public class Program {
  public static void Main() {
    string[] parts = Console.ReadLine().Split(new[] { ' ' }, StringSplitOptions.RemoveEmptyEntries);
    Console.WriteLine(long.Parse(parts[0]) + long.Parse(parts[1]));
  }
}
`,
  description: 'C# Mono 6.8',
};
