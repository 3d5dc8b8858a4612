import { proxy } from 'valtio';
import { getContestAccess, getContestInfo } from '../api/get-contest-info';
import { contestAuth, type Contest } from '@/lib/contest-schemas';

type CurrentContest = {
  cid: string | null;
  contest: Contest | null;
  /** get-contest-access: the viewer registered (only asked for private and protected contests). */
  hasAccess: boolean;
  /** Server time minus browser time, so countdowns run on the server's clock (reference §2.1). */
  clockOffsetMs: number;
  hasFailed: boolean;
};

/** The contest the shell shows, shared by its tabs so switching tabs does not reload the header. */
export const currentContest = proxy<CurrentContest>({
  cid: null,
  contest: null,
  hasAccess: false,
  clockOffsetMs: 0,
  hasFailed: false,
});

export const loadContest = async (cid: string, isSignedIn: boolean): Promise<void> => {
  if (currentContest.cid !== cid) {
    Object.assign(currentContest, { cid, contest: null, hasAccess: false, hasFailed: false });
  }
  try {
    const contest = await getContestInfo(cid);
    const needsAccess = isSignedIn && contest.auth !== contestAuth.public;
    const access = needsAccess ? await getContestAccess(cid).catch(() => ({ access: false })) : { access: false };
    if (currentContest.cid !== cid) return;
    currentContest.contest = contest;
    currentContest.hasAccess = access.access;
    currentContest.hasFailed = false;
    if (contest.now) currentContest.clockOffsetMs = new Date(contest.now).getTime() - Date.now();
  } catch {
    if (currentContest.cid === cid) currentContest.hasFailed = true;
  }
};
