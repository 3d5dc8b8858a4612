import type { LanguageRecord } from '../language';
import { mib } from './c-family';
import { jvmCompileLimits, jvmRunArgv } from './jvm-family';

const scalaLibrary = '/usr/share/java/scala-library.jar';

/** The program is `object Main` with a `main` method; the Scala library joins the class path at run time. */
export const scala: LanguageRecord = {
  name: 'Scala',
  contentType: 'text/x-scala',
  sourceFile: 'Main.scala',
  compileArgv: ['/usr/bin/scalac', '-J-Xmx512m', '-J-XX:+UseSerialGC', '-nowarn', '-d', 'main.jar', 'Main.scala'],
  compileLimits: jvmCompileLimits,
  runArgv: jvmRunArgv(['-cp', `${scalaLibrary}:/box/main.jar`, 'Main']),
  artifacts: ['main.jar'],
  timeFactor: 2,
  memoryFactor: 2,
  runtimeOverheadKib: 64 * mib,
  processes: 128,
  requiredBinaries: ['/usr/bin/scalac', '/usr/bin/java'],
  selfTestSource: `object Main {
  def main(args: Array[String]): Unit = {
    val Array(a, b) = scala.io.StdIn.readLine().trim.split("\\\\s+").map(_.toLong)
    println(a + b)
  }
}
`,
  description: 'Scala 2.11 (OpenJDK 17)',
};
