import type { LanguageRecord } from '../language';

export const php: LanguageRecord = {
  name: 'PHP',
  contentType: 'text/x-php',
  sourceFile: 'main.php',
  runArgv: ['/usr/bin/php', '/box/main.php'],
  artifacts: ['main.php'],
  timeFactor: 2,
  memoryFactor: 2,
  runtimeOverheadKib: 0,
  processes: 128,
  requiredBinaries: ['/usr/bin/php'],
  selfTestSource: `<?php
[$a, $b] = array_map('intval', preg_split('/\\s+/', trim(fgets(STDIN))));
echo $a + $b, "\\n";
`,
  description: 'PHP 8.2',
};
