import { describe, expect, it } from 'vitest';
import { buildProblemListQuery, parseProblemListQuery, parseTagIds, verdictShares } from './problem-list-query';

describe('problem list query', () => {
  it('defaults to page 1 of 30', () => {
    expect(parseProblemListQuery('')).toEqual({
      keyword: '',
      difficulty: null,
      oj: '',
      tagIds: [],
      currentPage: 1,
      limit: 30,
    });
  });

  it('turns a page below 1 into 1', () => {
    expect(parseProblemListQuery('currentPage=0').currentPage).toBe(1);
  });

  it('reads tagId as a JSON array and empties anything else', () => {
    expect(parseTagIds('[3,7]')).toEqual([3, 7]);
    expect(parseTagIds('3')).toEqual([]);
    expect(parseTagIds('{"a":1}')).toEqual([]);
    expect(parseTagIds('not json')).toEqual([]);
  });

  it('writes tags back as a JSON array and round-trips the filters', () => {
    const search = 'keyword=sum&difficulty=0&oj=Mine&tagId=%5B3%2C7%5D&currentPage=2&limit=50';
    const filters = parseProblemListQuery(search);
    expect(filters.tagIds).toEqual([3, 7]);
    expect(buildProblemListQuery(filters)).toBe(search);
  });

  it('breaks verdicts down in percent with two decimals', () => {
    const counts = { total: 3, ac: 1, wa: 2, tle: 0, mle: 0, re: 0, pe: 0, ce: 0, se: 0, pa: 0 };
    expect(verdictShares(counts)).toEqual([
      { key: 'ac', percent: '33.33' },
      { key: 'wa', percent: '66.67' },
    ]);
    expect(verdictShares({ ...counts, total: 0 })).toEqual([]);
  });
});
