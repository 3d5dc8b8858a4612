import { useCallback, useEffect, useState } from 'react';
import { Badge, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { getScrollBoardInfo, getScrollBoardSubmissions } from '../api/get-scroll-board';
import { buildBoard, isFinished, rankTeams, revealStep, type Board, type Cell } from '../scroll-board-model';
import type { ScrollBoardQuery } from '../scroll-board-query';

const medalColors = { gold: '#e6bf25', silver: '#b4c0c7', bronze: '#cd7f32' } as const;

type CellProps = { cell: Cell | undefined; isFirstBlood: boolean; startMs: number };

/** Solved "<minutes> / n tries", unknown "? n tries", failed "× n tries" (reference §2.18). */
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
    <Box className="sb-cell" bg={background} data-state={cell.state}>
      <Text size="xs" c="white" fw={700} ta="center" lh={1.2}>
        {head} · {t(tries === 1 ? 'scroll.try' : 'scroll.tries', { count: tries })}
      </Text>
    </Box>
  );
};

/** The resolver-style reveal page (reference §2.18): Enter reveals the next sealed cell from the bottom up. */
export const ScrollBoardView = ({ query }: { query: ScrollBoardQuery }) => {
  const { t } = useTranslation('contests');
  const [board, setBoard] = useState<Board | null>(null);
  const [hasFailed, setFailed] = useState(false);
  useEffect(() => {
    let isActive = true;
    Promise.all([getScrollBoardInfo(query.cid), getScrollBoardSubmissions(query.cid, query.removeStar)])
      .then(([info, rows]) => isActive && setBoard(buildBoard(info, rows)))
      .catch(() => isActive && setFailed(true));
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
  if (hasFailed)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('scroll.failed')}
      </Text>
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
        <style>
          {'.sb-cell{width:72px;height:36px;border-radius:4px;display:flex;align-items:center;justify-content:center}'}
        </style>
        <Stack gap={4} miw={360 + board.problems.length * 76}>
          <Group gap={4} wrap="nowrap">
            <Box w={48} />
            <Box w={200} />
            <Text w={56} size="xs" c="gray.5" ta="center">
              {t('rank.solved')}
            </Text>
            <Text w={64} size="xs" c="gray.5" ta="center">
              {t('rank.penalty')}
            </Text>
            {board.problems.map((id) => (
              <Text key={id} w={72} size="sm" c="white" ta="center" fw={700}>
                {id}
              </Text>
            ))}
          </Group>
          {ranked.map(({ team, rank, medal }) => (
            <Group
              key={team.uid}
              gap={4}
              wrap="nowrap"
              p={2}
              style={{ outline: team.uid === cursorUid ? '2px solid #4dabf7' : undefined, borderRadius: 4 }}
              data-testid="scroll-row"
            >
              <Text
                w={48}
                ta="center"
                fw={700}
                c="white"
                bg={medal ? medalColors[medal] : undefined}
                style={{ borderRadius: 4 }}
              >
                {rank}
              </Text>
              <Stack gap={0} w={200}>
                <Text size="sm" c={team.isGirl ? 'pink.3' : 'white'} truncate="end">
                  {team.name}
                </Text>
                <Text size="xs" c="gray.5" truncate="end">
                  {team.school}
                </Text>
              </Stack>
              <Text w={56} ta="center" c="white" fw={700}>
                {team.solved}
              </Text>
              <Text w={64} ta="center" c="gray.3">
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
            </Group>
          ))}
        </Stack>
      </Box>
    </Stack>
  );
};
