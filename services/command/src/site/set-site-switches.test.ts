import { describe, it } from 'vitest';
import { aSiteSwitchesSet } from '@oj/events/testing';
import { given } from '../handling/testing/given-when-then';
import { setSiteSwitches } from './set-site-switches';
import { siteSwitchesModel } from './site-switches.state';

const setAt = '2026-03-01T00:00:00.000Z';

describe('setSiteSwitches', () => {
  it('replaces non-null values, keeps the rest, and stores a negative interval as 0 (admin §5.3)', () => {
    given(siteSwitchesModel)
      .when(
        setSiteSwitches({
          changes: { openPublicDiscussion: false, openContestJudge: null, defaultSubmitIntervalSeconds: -3 },
          setAt,
        }),
      )
      .then([aSiteSwitchesSet({ openPublicDiscussion: false, defaultSubmitIntervalSeconds: 0, setAt })]);
  });

  it('appends nothing when nothing changes', () => {
    given(siteSwitchesModel, aSiteSwitchesSet({ openGroupJudge: false }))
      .when(setSiteSwitches({ changes: { openGroupJudge: false }, setAt }))
      .then([]);
  });
});
