import type { LanguageRecord } from '../language';

export const ruby: LanguageRecord = {
  name: 'Ruby',
  contentType: 'text/x-ruby',
  sourceFile: 'main.rb',
  runArgv: ['/usr/bin/ruby', '/box/main.rb'],
  artifacts: ['main.rb'],
  timeFactor: 2,
  memoryFactor: 2,
  runtimeOverheadKib: 0,
  processes: 128,
  requiredBinaries: ['/usr/bin/ruby'],
  selfTestSource: `a, b = gets.split.map(&:to_i)
puts a + b
`,
  description: 'Ruby 3.1',
};
