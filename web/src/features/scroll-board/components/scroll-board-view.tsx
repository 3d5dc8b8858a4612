import { useCallback, useEffect, useState } from 'react';
import { Badge, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { getScrollBoardInfo, getScrollBoardSubmissions } from '../api/get-scroll-board';
import { buildBoard, isFinished, rankTeams, revealStep, type Board, type Cell } from '../scroll-board-model';
import type { ScrollBoardQuery } from '../scroll-board-query';

const medalColors = { gold: '#e6bf25', silver: '#b4c0c7', bronze: '#cd7f32' } as const;

type CellProps = { cell: Cell | undefined; isFirstBlood: boolean; startMs: number };

/** The page's few fixed sizes; the name column narrows on phones so the first problems stay in view. */
const boardStyles = `
.sb-board{width:max-content;min-width:100%}
.sb-row{display:flex;align-items:center;gap:4px;padding:2px 4px;border-radius:6px}
.sb-row[data-cursor="true"]{background:#1f3247;box-shadow:inset 0 0 0 2px #4dabf7}
.sb-rank{width:44px;flex:none;text-align:center;border-radius:4px}
.sb-name{width:200px;flex:none;min-width:0}
.sb-figure{width:56px;flex:none;text-align:center}
.sb-cell{width:72px;height:40px;flex:none;border-radius:4px;display:flex;flex-direction:column;align-items:center;justify-content:center}
@media (max-width:600px){.sb-name{width:104px}.sb-figure{width:40px}.sb-rank{width:32px}.sb-cell{width:60px}}
`;

/** Solved "<minutes>" over "n tries", unknown "?" over "n tries", failed "×" over "n tries" (reference §2.18). */
const CellBox = ({ cell, isFirstBlood, startMs }: CellProps) => {
  const { t } = useTranslation('contests');
  if (!cell || cell.state === 'none') return <Box className="sb-cell" bg="#2b2f36" />;
  const isSolved = cell.state === 'solved';
  const tries = cell.tries + (isSolved ? 1 : 0) + cell.frozen.length;
  const background = isSolved
    ? isFirstBlood
      ? '#0b6e2e'
      : '#2f9e44'
    : cell.state === 'failed'
      ? '#c92a2a'
      : '#e8a33d';
  const head = isSolved
    ? String(Math.floor(((cell.solvedAtMs ?? startMs) - startMs) / 60000))
    : cell.state === 'unknown'
      ? '?'
      : '×';
  return (
    <Box className="sb-cell" bg={background} data-state={cell.state} data-first-blood={isSolved && isFirstBlood}>
      <Text size="sm" c="white" fw={700} lh={1.1}>
        {head}
      </Text>
      <Text fz={10} c="white" lh={1.1}>
        {t(tries === 1 ? 'scroll.try' : 'scroll.tries', { count: tries })}
      </Text>
    </Box>
  );
};

/** The resolver-style reveal page (reference §2.18): Enter reveals the next sealed cell from the bottom up. */
export const ScrollBoardView = ({ query }: { query: ScrollBoardQuery }) => {
  const { t } = useTranslation('contests');
  const [board, setBoard] = useState<Board | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let isActive = true;
    Promise.all([getScrollBoardInfo(query.cid), getScrollBoardSubmissions(query.cid, query.removeStar)])
      .then(([info, rows]) => isActive && setBoard(buildBoard(info, rows)))
      .catch((error: unknown) => isActive && setFailure(error instanceof Error ? error.message : ''));
    return () => {
      isActive = false;
    };
  }, [query.cid, query.removeStar]);
  const step = useCallback(() => setBoard((current) => (current ? revealStep(current) : current)), []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Enter' && step();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step]);
  if (failure !== null)
    return (
      <Stack gap={4} align="center" py="xl" data-testid="scroll-board-failed">
        <Text c="dimmed">{t('scroll.failed')}</Text>
        {failure && <Text size="sm">{failure}</Text>}
      </Stack>
    );
  if (!board)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('scroll.loading')}
      </Text>
    );
  const ranked = rankTeams(board.teams, query.medals);
  const cursorUid = board.teams[board.cursor]?.uid;
  return (
    <Stack gap="sm" p="md" bg="#16181d" mih="100vh" data-testid="scroll-board">
      <Group justify="space-between" wrap="wrap">
        <Title order={3} c="white">
          {t('scroll.title')}
        </Title>
        <Group gap="xs">
          <Badge color="yellow">{t('scroll.gold', { count: query.medals[0] })}</Badge>
          <Badge color="gray">{t('scroll.silver', { count: query.medals[1] })}</Badge>
          <Badge color="orange">{t('scroll.bronze', { count: query.medals[2] })}</Badge>
          <Button size="xs" onClick={step} disabled={isFinished(board)} data-testid="scroll-next">
            {isFinished(board) ? t('scroll.done') : t('scroll.next')}
          </Button>
        </Group>
      </Group>
      <Box style={{ overflowX: 'auto' }}>
        <style>{boardStyles}</style>
        <Stack gap={4} className="sb-board">
          <div className="sb-row">
            <Box className="sb-rank" />
            <Box className="sb-name" />
            <Text className="sb-figure" size="xs" c="gray.5">
              {t('rank.solved')}
            </Text>
            <Text className="sb-figure" size="xs" c="gray.5">
              {t('rank.penalty')}
            </Text>
            {board.problems.map((id) => (
              <Text key={id} className="sb-cell" size="sm" c="white" fw={700} h={24}>
                {id}
              </Text>
            ))}
          </div>
          {ranked.map(({ team, rank, medal }) => (
            <div
              key={team.uid}
              className="sb-row"
              data-cursor={team.uid === cursorUid}
              data-testid="scroll-row"
              data-name={team.name}
            >
              <Text
                className="sb-rank"
                fw={700}
                c="white"
                bg={medal ? medalColors[medal] : undefined}
                data-testid="scroll-rank"
              >
                {rank}
              </Text>
              <Stack gap={0} className="sb-name">
                <Text size="sm" c={team.isGirl ? 'pink.3' : 'white'} truncate="end">
                  {team.name}
                </Text>
                <Text size="xs" c="gray.5" truncate="end">
                  {team.school}
                </Text>
              </Stack>
              <Text className="sb-figure" c="white" fw={700}>
                {team.solved}
              </Text>
              <Text className="sb-figure" c="gray.3">
                {Math.floor(team.penaltyMs / 60000)}
              </Text>
              {board.problems.map((id) => (
                <CellBox
                  key={id}
                  cell={team.cells[id]}
                  isFirstBlood={board.firstBlood[id] === team.cells[id]?.submitId}
                  startMs={board.startMs}
                />
              ))}
            </div>
          ))}
        </Stack>
      </Box>
    </Stack>
  );
};
