import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { websiteConfig } from '@/features/site/state/website-config';
import { session, isSuperAdmin } from '@/stores/session';
import type { Contest } from '@/lib/contest-schemas';
import { isContestAdmin, statusAt } from '../contest-rules';
import { currentContest, loadContest } from '../state/current-contest';
import { useContestClock } from './use-contest-clock';

export type ContestView = {
  cid: string;
  contest: Contest;
  hasAccess: boolean;
  isAdmin: boolean;
  isRoot: boolean;
  isSignedIn: boolean;
  nowMs: number;
  status: number;
  openContestComment: boolean;
  reload: () => void;
};

/** Loads the contest of the route into the shared store and derives who the viewer is for it. */
export const useContest = (cid: string): { view: ContestView | null; hasFailed: boolean } => {
  const state = useSnapshot(currentContest);
  const { token, user } = useSnapshot(session);
  const config = useSnapshot(websiteConfig);
  const isSignedIn = token !== null;
  useEffect(() => {
    void loadContest(cid, isSignedIn);
  }, [cid, isSignedIn]);
  const nowMs = useContestClock(state.clockOffsetMs);
  const contest = state.cid === cid ? (state.contest as Contest | null) : null;
  if (!contest) return { view: null, hasFailed: state.cid === cid && state.hasFailed };
  return {
    hasFailed: false,
    view: {
      cid,
      contest,
      hasAccess: state.hasAccess,
      isAdmin: isContestAdmin(contest, user),
      isRoot: isSuperAdmin(user),
      isSignedIn,
      nowMs,
      status: statusAt(contest, nowMs),
      openContestComment: config.openContestComment,
      reload: () => void loadContest(cid, isSignedIn),
    },
  };
};
