import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { problemListQuery, tagIdList } from './problems-queries.contract';

describe('tagIdList', () => {
  it('reads the same ids from a comma list, a JSON array and repeated parameters, without duplicates', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 6 }), (ids) => {
        const expected = [...new Set(ids)];
        expect(tagIdList.parse(ids.join(','))).toEqual(expected);
        expect(tagIdList.parse(JSON.stringify(ids))).toEqual(expected);
        expect(tagIdList.parse(ids.map(String))).toEqual(expected);
      }),
    );
  });

  it('treats anything that is not a list of ids as no tag filter (spec 000 §2.3)', () => {
    expect(tagIdList.parse(undefined)).toEqual([]);
    expect(tagIdList.parse('{"a":1}')).toEqual([]);
    expect(tagIdList.parse('[oops')).toEqual([]);
    expect(tagIdList.parse('x,y')).toEqual([]);
  });
});

describe('problemListQuery', () => {
  it('defaults limit to 10 and the page to 1, raises values below 1 and caps the page size at 500', () => {
    expect(problemListQuery.parse({})).toMatchObject({ limit: 10, currentPage: 1, keyword: '', difficulty: null });
    expect(problemListQuery.parse({ limit: '-1', currentPage: '0' })).toMatchObject({ limit: 10, currentPage: 1 });
    expect(problemListQuery.parse({ limit: '9999', keyword: '  ab ' })).toMatchObject({ limit: 500, keyword: 'ab' });
  });
});
