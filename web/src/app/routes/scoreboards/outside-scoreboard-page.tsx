import { useParams } from 'wouter';
import { OutsideScoreboard } from './outside-scoreboard';

/** ACMScoreBoard and OIScoreBoard: the same page, the contest's rule picks the table. */
export const OutsideScoreboardPage = () => {
  const { contestID = '' } = useParams<{ contestID: string }>();
  return <OutsideScoreboard cid={contestID} />;
};
