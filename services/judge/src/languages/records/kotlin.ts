import type { LanguageRecord } from '../language';
import { mib } from './c-family';
import { jvmCompileLimits, jvmRunArgv } from './jvm-family';

/**
 * kotlinc puts the Kotlin runtime into the jar, whose manifest names MainKt (the file's top-level `fun main`).
 * Debian's kotlinc script passes the JVM -noverify, which JDK 17 warns about; -PrintWarnings keeps that line out of
 * every compile error shown to the submitter.
 */
export const kotlin: LanguageRecord = {
  name: 'Kotlin',
  contentType: 'text/x-kotlin',
  sourceFile: 'main.kt',
  compileArgv: [
    '/usr/bin/kotlinc',
    '-J-Xmx512m',
    '-J-XX:+UseSerialGC',
    '-J-XX:-PrintWarnings',
    '-nowarn',
    'main.kt',
    '-include-runtime',
    '-d',
    'main.jar',
  ],
  compileLimits: jvmCompileLimits,
  runArgv: jvmRunArgv(['-jar', '/box/main.jar']),
  artifacts: ['main.jar'],
  timeFactor: 2,
  memoryFactor: 2,
  runtimeOverheadKib: 64 * mib,
  processes: 128,
  requiredBinaries: ['/usr/bin/kotlinc', '/usr/bin/java'],
  selfTestSource: `fun main() {
    val (a, b) = readLine()!!.trim().split(Regex("\\\\s+")).map { it.toLong() }
    println(a + b)
}
`,
  description: 'Kotlin 1.3 (JVM, OpenJDK 17)',
};
