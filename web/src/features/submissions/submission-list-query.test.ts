import { describe, expect, it } from 'vitest';
import { buildSubmissionListQuery, parseSubmissionListQuery } from './submission-list-query';

describe('submission list query', () => {
  it('defaults to page 1 of 15 rows, everyone', () => {
    expect(parseSubmissionListQuery('')).toMatchObject({ onlyMine: false, currentPage: 1, limit: 15, status: null });
  });

  it('turns a page below 1 into 1', () => {
    expect(parseSubmissionListQuery('currentPage=0').currentPage).toBe(1);
    expect(parseSubmissionListQuery('currentPage=-3').currentPage).toBe(1);
  });

  it('reads status 0 as Accepted rather than as absent', () => {
    expect(parseSubmissionListQuery('status=0&uid=7').status).toBe(0);
  });

  it('drops the username when only-mine is on', () => {
    const filters = parseSubmissionListQuery('onlyMine=true&username=bob');
    expect(buildSubmissionListQuery(filters)).toBe('onlyMine=true');
  });

  it('round-trips every filter', () => {
    const search = 'status=-1&username=bob&problemID=P1000&completeProblemID=true&currentPage=3&limit=50';
    expect(buildSubmissionListQuery(parseSubmissionListQuery(search))).toBe(search);
  });
});
