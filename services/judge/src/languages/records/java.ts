import type { LanguageRecord } from '../language';
import { mib } from './c-family';

/** The public top-level class's name (Main when none is found), the source renamed after it, compiled, jarred. */
const javaCompileScript = [
  "entry=$(sed -n 's/^[[:space:]]*public[[:space:]]\\+\\(final[[:space:]]\\+\\|abstract[[:space:]]\\+\\)*class[[:space:]]\\+\\([A-Za-z_$][A-Za-z0-9_$]*\\).*/\\2/p' Main.java | head -n 1)",
  'entry=${entry:-Main}',
  '{ [ "$entry" = Main ] || mv Main.java "$entry.java"; }',
  'javac -J-Xmx384m -J-XX:+UseSerialGC -encoding utf-8 "$entry.java"',
  'jar -J-Xmx128m -cfe Main.jar "$entry" *.class',
].join(' && ');

/**
 * HOJ compiles with javac then jar. The JVM cannot see the cgroup (no /sys in the sandbox) and would
 * size its heap from the host's RAM, so -Xmx gets the program's limit and the cgroup the ceiling
 * (platform.md §1.4); javac itself is capped the same way.
 *
 * Other judges accept any name for the public class (`public class Solution`), and javac insists that the file
 * carries that name: the compile step renames the source after the first public top-level class it finds and
 * writes that class into the jar's manifest as its entry point, so the run starts whichever class it is.
 */
export const java: LanguageRecord = {
  name: 'Java',
  contentType: 'text/x-java',
  sourceFile: 'Main.java',
  compileArgv: ['/bin/sh', '-c', javaCompileScript],
  compileLimits: { cpuTimeMs: 10_000, wallTimeMs: 20_000, memoryKib: 768 * mib },
  runArgv: [
    '/usr/bin/java',
    '-Dfile.encoding=UTF-8',
    '-Xmx{memoryMib}m',
    '-Xss64m',
    '-XX:+UseSerialGC',
    '-jar',
    '/box/Main.jar',
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
