import type { LanguageRecord } from '../language';
import { mib } from './c-family';

/**
 * HOJ compiles with javac then jar. The JVM cannot see the cgroup (no /sys in the sandbox) and would
 * size its heap from the host's RAM, so -Xmx gets the program's limit and the cgroup the ceiling
 * (platform.md §1.4); javac itself is capped the same way.
 */
export const java: LanguageRecord = {
  name: 'Java',
  contentType: 'text/x-java',
  sourceFile: 'Main.java',
  compileArgv: [
    '/bin/sh',
    '-c',
    'javac -J-Xmx384m -J-XX:+UseSerialGC -encoding utf-8 Main.java && jar -J-Xmx128m -cf Main.jar *.class',
  ],
  compileLimits: { cpuTimeMs: 10_000, wallTimeMs: 20_000, memoryKib: 768 * mib },
  runArgv: [
    '/usr/bin/java',
    '-Dfile.encoding=UTF-8',
    '-Xmx{memoryMib}m',
    '-Xss64m',
    '-XX:+UseSerialGC',
    '-cp',
    '/box/Main.jar',
    'Main',
  ],
  artifacts: ['Main.jar'],
  timeFactor: 2,
  memoryFactor: 2,
  runtimeOverheadKib: 64 * mib,
  processes: 128,
  requiredBinaries: ['/usr/bin/javac', '/usr/bin/jar', '/usr/bin/java'],
  selfTestSource: `import java.util.Scanner;

public class Main {
  public static void main(String[] args) {
    Scanner in = new Scanner(System.in);
    long a = in.nextLong(), b = in.nextLong();
    System.out.println(a + b);
  }
}
`,
  description: 'OpenJDK 17',
};
