/** The problem list's URL query (spec 000 §2.3) with its paging and tag rules. */
export type ProblemListFilters = {
  keyword: string;
  difficulty: number | null;
  /** Absent: every bank; "Mine": the own bank; else a remote judge key. */
  oj: string;
  tagIds: number[];
  currentPage: number;
  limit: number;
};

export const problemPageSize = 30;
export const remoteJudges = ['HDU', 'CF', 'POJ', 'GYM', 'AC', 'SPOJ'] as const;

/** Spec 000 §2.3: tagId is a JSON array of ids; anything else becomes empty. */
export const parseTagIds = (text: string | null): number[] => {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return [...new Set(value.map(Number).filter((n) => Number.isInteger(n) && n > 0))];
  } catch {
    return [];
  }
};

const positiveInt = (text: string | null, fallback: number): number => {
  const value = Number.parseInt(text ?? '', 10);
  return Number.isFinite(value) && value >= 1 ? value : fallback;
};

export const parseProblemListQuery = (search: string): ProblemListFilters => {
  const params = new URLSearchParams(search);
  const difficulty = Number.parseInt(params.get('difficulty') ?? '', 10);
  return {
    keyword: params.get('keyword')?.trim() ?? '',
    difficulty: Number.isFinite(difficulty) ? difficulty : null,
    oj: params.get('oj') ?? '',
    tagIds: parseTagIds(params.get('tagId')),
    currentPage: positiveInt(params.get('currentPage'), 1),
    limit: positiveInt(params.get('limit'), problemPageSize),
  };
};

export const buildProblemListQuery = (filters: ProblemListFilters): string => {
  const params = new URLSearchParams();
  if (filters.keyword) params.set('keyword', filters.keyword);
  if (filters.difficulty !== null) params.set('difficulty', String(filters.difficulty));
  if (filters.oj) params.set('oj', filters.oj);
  if (filters.tagIds.length > 0) params.set('tagId', JSON.stringify(filters.tagIds));
  if (filters.currentPage > 1) params.set('currentPage', String(filters.currentPage));
  if (filters.limit !== problemPageSize) params.set('limit', String(filters.limit));
  return params.toString();
};

/** Verdict shares for the hover breakdown, in percent with two decimals, only the non-zero ones. */
export const verdictShares = (
  counts: Record<'total' | 'ac' | 'wa' | 'tle' | 'mle' | 're' | 'pe' | 'ce' | 'se' | 'pa', number>,
): { key: string; percent: string }[] => {
  const keys = ['ac', 'wa', 'tle', 'mle', 're', 'pe', 'ce', 'se', 'pa'] as const;
  if (counts.total === 0) return [];
  return keys
    .filter((key) => counts[key] > 0)
    .map((key) => ({ key, percent: ((counts[key] / counts.total) * 100).toFixed(2) }));
};
