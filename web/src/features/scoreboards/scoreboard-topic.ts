import { contestScoreboardTopic } from '@oj/contracts';

/** The live topic of a contest's boards, named by the query service's contract so the two never drift. */
export const scoreboardTopic = (cid: string): string => contestScoreboardTopic(Number(cid));
