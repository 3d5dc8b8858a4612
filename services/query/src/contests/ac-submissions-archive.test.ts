import fc from 'fast-check';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  compactTime,
  extensionOf,
  planArchive,
  safeSegment,
  zipArchive,
  type AcceptedSubmission,
  type ArchiveLayout,
} from './ac-submissions-archive';

const gmt8 = 480;

const submission = (overrides: Partial<AcceptedSubmission> & { submissionId: number }): AcceptedSubmission => ({
  username: 'alice',
  displayId: 'A',
  language: 'C++',
  score: null,
  submittedAt: new Date('2026-01-10T10:30:05.000Z'),
  ...overrides,
});

const layout = (overrides: Partial<ArchiveLayout> = {}): ArchiveLayout => ({
  type: 'ACM',
  splitType: 'user',
  displayIds: ['A', 'B', 'C'],
  utcOffsetMinutes: gmt8,
  ...overrides,
});

const paths = (rows: AcceptedSubmission[], overrides: Partial<ArchiveLayout> = {}) =>
  planArchive(rows, layout(overrides))
    .files.map((file) => file.path)
    .sort();

describe('compactTime', () => {
  it('writes yyyyMMddHHmmss on the GMT+8 wall clock, crossing midnight', () => {
    expect(compactTime(new Date('2026-01-10T10:30:05.000Z'), gmt8)).toBe('20260110183005');
    expect(compactTime(new Date('2026-12-31T16:00:00.999Z'), gmt8)).toBe('20270101000000');
    expect(compactTime(new Date('2026-01-10T10:30:05.000Z'), 0)).toBe('20260110103005');
  });
});

describe('extensionOf', () => {
  it.each([
    ['C++', 'cpp'],
    ['C++ 17 With O2', 'cpp'],
    ['C', 'c'],
    ['C With O2', 'c'],
    ['C#', 'cs'],
    ['Python3', 'py'],
    ['PyPy3', 'py'],
    ['Java', 'java'],
    ['JavaScript Node', 'js'],
    ['Golang', 'go'],
    ['PHP', 'php'],
    ['Ruby', 'rb'],
    ['Rust', 'rs'],
    ['Pascal', 'pas'],
    ['Brainfuck', 'txt'],
  ])('gives %s the extension .%s', (language, extension) => {
    expect(extensionOf(language)).toBe(extension);
  });
});

describe('safeSegment', () => {
  it('keeps names that are safe and defuses separators and dot names', () => {
    expect(safeSegment('张三')).toBe('张三');
    expect(safeSegment('../etc')).toBe('.._etc');
    expect(safeSegment('..')).toBe('_..');
    expect(safeSegment('a\\b:c')).toBe('a_b_c');
    expect(safeSegment('')).toBe('_');
  });
});

describe('planArchive', () => {
  const acm = [
    submission({ submissionId: 1, displayId: 'A' }),
    submission({ submissionId: 2, displayId: 'B', language: 'Python3', submittedAt: new Date('2026-01-10T11:00:00Z') }),
    submission({ submissionId: 3, username: 'bob', displayId: 'A', language: 'Java' }),
  ];

  it('splits ACM accepted submissions by user: every AC as <displayId>_(<time>).<ext>', () => {
    expect(paths(acm)).toEqual([
      'alice/A_(20260110183005).cpp',
      'alice/B_(20260110190000).py',
      'bob/A_(20260110183005).java',
    ]);
    expect(planArchive(acm, layout()).folders).toEqual(['alice/', 'bob/']);
  });

  it('splits by problem with one folder per display id, empty ones included', () => {
    const plan = planArchive(acm, layout({ splitType: 'problem' }));
    expect(plan.files.map((file) => file.path).sort()).toEqual([
      'A/alice_(20260110183005).cpp',
      'A/bob_(20260110183005).java',
      'B/alice_(20260110190000).py',
    ]);
    expect(plan.folders).toEqual(['A/', 'B/', 'C/']);
  });

  it('keeps every ACM AC of a problem, not only the newest', () => {
    const twice = [
      submission({ submissionId: 1 }),
      submission({ submissionId: 2, submittedAt: new Date('2026-01-10T10:40:00Z') }),
    ];
    expect(paths(twice)).toEqual(['alice/A_(20260110183005).cpp', 'alice/A_(20260110184000).cpp']);
  });

  it('keeps only the newest scored OI submission per user and problem, with its score', () => {
    const oi = [
      submission({ submissionId: 1, score: 100, submittedAt: new Date('2026-01-10T10:00:00Z') }),
      submission({ submissionId: 2, score: 40, submittedAt: new Date('2026-01-10T10:10:00Z') }),
      submission({ submissionId: 3, displayId: 'B', score: 0, submittedAt: new Date('2026-01-10T10:05:00Z') }),
      submission({ submissionId: 4, username: 'bob', score: 70, submittedAt: new Date('2026-01-10T09:00:00Z') }),
    ];
    expect(paths(oi, { type: 'OI' })).toEqual([
      'alice/A_40_(20260110181000).cpp',
      'alice/B_0_(20260110180500).cpp',
      'bob/A_70_(20260110170000).cpp',
    ]);
    expect(paths(oi, { type: 'OI', splitType: 'problem' })).toEqual([
      'A/alice_40_(20260110181000).cpp',
      'A/bob_70_(20260110170000).cpp',
      'B/alice_0_(20260110180500).cpp',
    ]);
  });

  it('breaks a same-second OI tie by the later submission id', () => {
    const sameSecond = [submission({ submissionId: 8, score: 10 }), submission({ submissionId: 9, score: 90 })];
    expect(planArchive(sameSecond, layout({ type: 'OI' })).files).toMatchObject([{ submissionId: 9 }]);
  });

  it('gives same-second duplicates their submission ids instead of overwriting one with the other', () => {
    const duplicates = [
      submission({ submissionId: 7 }),
      submission({ submissionId: 5 }),
      submission({ submissionId: 6, displayId: 'B' }),
    ];
    expect(paths(duplicates)).toEqual([
      'alice/A_(20260110183005)_5.cpp',
      'alice/A_(20260110183005)_7.cpp',
      'alice/B_(20260110183005).cpp',
    ]);
  });

  it('keeps hostile usernames and display ids inside their folder', () => {
    const hostile = [submission({ submissionId: 1, username: '../../root', displayId: '/etc/passwd' })];
    expect(paths(hostile)).toEqual(['.._.._root/_etc_passwd_(20260110183005).cpp']);
  });

  it('names every chosen submission exactly once, whatever the clashes (property)', () => {
    const rows = fc.uniqueArray(
      fc.record({
        submissionId: fc.integer({ min: 1, max: 10_000 }),
        username: fc.constantFrom('alice', 'bob', 'a/b', 'a_b', '..'),
        displayId: fc.constantFrom('A', 'B', 'A_(x)'),
        language: fc.constantFrom('C++', 'Python3', 'Java'),
        score: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
        second: fc.integer({ min: 0, max: 3 }),
      }),
      { selector: (row) => row.submissionId, maxLength: 40 },
    );
    fc.assert(
      fc.property(
        rows,
        fc.constantFrom('ACM' as const, 'OI' as const),
        fc.constantFrom('user' as const, 'problem' as const),
        (generated, type, splitType) => {
          const input = generated.map(({ second, ...row }) =>
            submission({ ...row, submittedAt: new Date(Date.UTC(2026, 0, 10, 10, 0, second)) }),
          );
          const plan = planArchive(input, layout({ type, splitType }));
          const names = plan.files.map((file) => file.path);
          expect(new Set(names).size).toBe(names.length);
          const userProblems = new Set(input.map((row) => JSON.stringify([row.username, row.displayId])));
          expect(plan.files.length).toBe(type === 'ACM' ? input.length : userProblems.size);
          for (const name of names) expect(name.split('/')).toHaveLength(2);
        },
      ),
    );
  });
});

describe('zipArchive', () => {
  it('streams each planned file with its code, and the folders, reading the code in batches', async () => {
    const rows = Array.from({ length: 600 }, (_, index) =>
      submission({ submissionId: index + 1, username: index === 0 ? '张三' : `user${index}` }),
    );
    const plan = planArchive(rows, layout({ splitType: 'problem' }));
    const reads: number[] = [];
    const readCode = async (ids: readonly number[]) => {
      reads.push(ids.length);
      return new Map(ids.map((id) => [id, id === 1 ? '// 你好\n' : `// ${id}\n`]));
    };
    const chunks: Uint8Array[] = [];
    await zipArchive(plan, {
      readCode,
      zippedAt: new Date('2026-01-10T12:00:00Z'),
      onChunk: (chunk) => chunks.push(chunk),
      isCancelled: () => false,
    });
    const unzipped = unzipSync(Buffer.concat(chunks));
    expect(reads).toEqual([250, 250, 100]);
    expect(Object.keys(unzipped).filter((name) => name.endsWith('/'))).toEqual(['A/', 'B/', 'C/']);
    expect(Object.keys(unzipped)).toHaveLength(603);
    expect(strFromU8(unzipped['A/张三_(20260110183005).cpp'] ?? new Uint8Array())).toBe('// 你好\n');
    expect(strFromU8(unzipped['A/user599_(20260110183005).cpp'] ?? new Uint8Array())).toBe('// 600\n');
  });

  it('stops between batches once cancelled', async () => {
    const rows = Array.from({ length: 600 }, (_, index) => submission({ submissionId: index + 1 }));
    const plan = planArchive(rows, layout());
    const reads: number[] = [];
    let chunks = 0;
    await zipArchive(plan, {
      readCode: async (ids) => {
        reads.push(ids.length);
        return new Map();
      },
      zippedAt: new Date('2026-01-10T12:00:00Z'),
      onChunk: () => (chunks += 1),
      isCancelled: () => reads.length > 1,
    });
    expect(reads).toEqual([250, 250]);
    expect(chunks).toBeGreaterThan(0);
  });
});
