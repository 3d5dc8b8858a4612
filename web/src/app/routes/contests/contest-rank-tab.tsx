import { Group, Loader } from '@mantine/core';
import { useRemote } from '@/lib/use-remote';
import { getContestProblems } from '@/features/contests/api/contest-problems';
import type { ContestView } from '@/features/contests/components/use-contest';
import { showsContainsEnd } from '@/features/contests/contest-rules';
import { ScoreboardView } from '@/features/scoreboards/components/scoreboard-view';

/**
 * The contest's Rank tab: the problem columns, then the board the server decides this viewer sees (the scoreboards
 * feature's board in the contests feature's shell, composed here).
 */
export const ContestRankTab = ({ view }: { view: ContestView }) => {
  const problems = useRemote(() => getContestProblems(view.cid, true), [view.cid]);
  if (!problems.data && problems.isLoading) {
    return (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );
  }
  return (
    <ScoreboardView
      contest={view.contest}
      problems={problems.data ?? []}
      nowMs={view.nowMs}
      isAdmin={view.isAdmin}
      isOutside={false}
      offersContainsEnd={showsContainsEnd(view.contest, view.nowMs)}
    />
  );
};
