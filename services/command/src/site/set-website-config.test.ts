import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { aWebsiteConfigSet } from '@oj/events/testing';
import { given } from '../handling/testing/given-when-then';
import { fold } from '../handling/decider';
import { setWebsiteConfig } from './set-website-config';
import { websiteConfigModel } from './website-config.state';

const setAt = '2026-03-01T00:00:00.000Z';

describe('setWebsiteConfig', () => {
  it('replaces non-empty strings and keeps the rest (admin §5.2)', () => {
    given(websiteConfigModel, aWebsiteConfigSet({ name: 'Old', shortName: 'O' }))
      .when(setWebsiteConfig({ changes: { name: 'New', shortName: '', register: false }, setAt }))
      .then([aWebsiteConfigSet({ name: 'New', shortName: 'O', register: false, setAt })]);
  });

  it('appends nothing when nothing changes', () => {
    given(websiteConfigModel, aWebsiteConfigSet({ name: 'Same' }))
      .when(setWebsiteConfig({ changes: { name: 'Same', description: '' }, setAt }))
      .then([]);
  });

  it('is idempotent: saving the same form twice appends one event (property)', () => {
    const field = fc.option(fc.string({ maxLength: 8 }), { nil: null });
    fc.assert(
      fc.property(
        fc.record({ name: field, shortName: field, baseUrl: field, register: fc.option(fc.boolean(), { nil: null }) }),
        (changes) => {
          const first = setWebsiteConfig({ changes, setAt })(websiteConfigModel.initialState);
          const state = fold(websiteConfigModel, first);
          expect(setWebsiteConfig({ changes, setAt })(state)).toEqual([]);
        },
      ),
    );
  });
});
