import { useState } from 'react';
import { Badge, Button, Card, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { EmptyListText } from '@/components/empty-list-text';
import { ListPager } from '@/components/list-pager';
import { session } from '@/stores/session';
import type { Contest, ContestProblem } from '@/lib/contest-schemas';
import { downloadContestFile } from '@/lib/contest-file-download';
import type { AcmRow, OiRow } from '../api/rank-schemas';
import { readConcerned, toggleConcerned } from '../concerned-list';
import { chartRows, pinnedRowCount } from '../scoreboard-cells';
import { AcmBoardTable } from './acm-board-table';
import { BoardTimeSlider } from './board-time-slider';
import { OiBoardTable } from './oi-board-table';
import { TopTenChart } from './top-ten-chart';
import { useScoreboard } from './use-scoreboard';

type Props = {
  contest: Contest;
  problems: readonly ContestProblem[];
  nowMs: number;
  isAdmin: boolean;
  /** The outside board (openRank): anonymous, page size options, 30 s refresh. */
  isOutside: boolean;
  /** The contest's rules offer the after-the-end switch now (contest-rules' showsContainsEnd, decided by app/). */
  offersContainsEnd: boolean;
};

export const outsidePageSizes = [10, 30, 50, 100, 300] as const;

/** The rank page body shared by the contest's Rank tab and the outside scoreboard (spec 001 §2.4, §2.5). */
export const ScoreboardView = ({ contest, problems, nowMs, isAdmin, isOutside, offersContainsEnd }: Props) => {
  const { t } = useTranslation('contests');
  const { user } = useSnapshot(session);
  const isEnded = nowMs >= new Date(contest.endTime).getTime();
  const [currentPage, setPage] = useState(1);
  const [limit, setLimit] = useState(50);
  const [keyword, setKeyword] = useState('');
  const [appliedKeyword, setAppliedKeyword] = useState('');
  const [forceRefresh, setForceRefresh] = useState(false);
  const [containsEnd, setContainsEnd] = useState(false);
  const [showStar, setShowStar] = useState(true);
  const [isAutoRefresh, setAutoRefresh] = useState(!isEnded);
  const [concerned, setConcerned] = useState(() => readConcerned(contest.id));
  const [atMs, setAtMs] = useState<number | null>(null);
  const startMs = new Date(contest.startTime).getTime();
  const showsHistory = (isAdmin || isEnded) && nowMs > startMs;
  const request = {
    cid: contest.id,
    currentPage,
    limit,
    forceRefresh: isAdmin && forceRefresh,
    removeStar: !showStar,
    keyword: appliedKeyword,
    containsEnd,
    concernedList: concerned,
    ...(atMs === null ? {} : { at: new Date(atMs).toISOString() }),
  };
  const { page } = useScoreboard({
    request,
    type: contest.type,
    isOutside,
    refreshMs: isOutside ? 30_000 : 10_000,
    isAutoRefresh: isAutoRefresh && !isEnded && atMs === null,
  });
  const rows = page?.records ?? [];
  const displayIds = problems.map((problem) => problem.displayId);
  const balloonColors = Object.fromEntries(problems.map((problem) => [problem.displayId, problem.color]));
  const pinned = currentPage === 1 ? pinnedRowCount(rows) : 0;
  const tableProps = {
    displayIds,
    balloonColors,
    rankShowName: contest.rankShowName,
    concerned,
    onToggleConcerned: (uid: string) => setConcerned(toggleConcerned(contest.id, uid)),
    showRealname: isAdmin,
    pinnedCount: pinned,
  };
  return (
    <Stack gap="md">
      {currentPage === 1 && <TopTenChart rows={chartRows(rows, pinned)} rankShowName={contest.rankShowName} />}
      <Card withBorder radius="md" padding="md">
        <Group gap="md" mb="md" wrap="wrap" align="flex-end">
          <TextInput
            placeholder={t('rank.search')}
            value={keyword}
            w={{ base: '100%', xs: 260 }}
            onChange={(event) => setKeyword(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              setAppliedKeyword(keyword.trim());
              setPage(1);
            }}
            data-testid="rank-search"
          />
          <Switch
            label={t('rank.autoRefresh')}
            checked={isAutoRefresh && !isEnded}
            disabled={isEnded}
            onChange={(e) => setAutoRefresh(e.currentTarget.checked)}
          />
          <Switch
            label={t('rank.showStar')}
            checked={showStar}
            onChange={(e) => setShowStar(e.currentTarget.checked)}
          />
          {isAdmin && (
            <Switch
              label={t('rank.forceUpdate')}
              checked={forceRefresh}
              onChange={(e) => setForceRefresh(e.currentTarget.checked)}
              data-testid="force-update"
            />
          )}
          {offersContainsEnd && (
            <Switch
              label={t('rank.containsEnd')}
              checked={containsEnd}
              onChange={(e) => setContainsEnd(e.currentTarget.checked)}
              data-testid="contains-end"
            />
          )}
          {isOutside && (
            <Select
              w={120}
              data-testid="board-page-size"
              value={String(limit)}
              data={outsidePageSizes.map((size) => ({ value: String(size), label: t('rank.perPage', { size }) }))}
              onChange={(value) => {
                setLimit(Number(value ?? 50));
                setPage(1);
              }}
            />
          )}
          {isAdmin && !isOutside && (
            <Button
              size="xs"
              variant="light"
              data-testid="rank-download"
              onClick={() =>
                void downloadContestFile(
                  '/file/download-contest-rank',
                  { cid: contest.id, forceRefresh, removeStar: !showStar, containEnd: containsEnd },
                  `contest_${contest.id}_rank.xlsx`,
                )
              }
            >
              {t('rank.downloadSpreadsheet')}
            </Button>
          )}
        </Group>
        {showsHistory && (
          <Stack gap={4} mb="md">
            <BoardTimeSlider
              startMs={startMs}
              lastMs={Math.min(nowMs, new Date(contest.endTime).getTime())}
              atMs={atMs}
              onChange={(value) => {
                setAtMs(value);
                setPage(1);
              }}
            />
            {atMs !== null && (
              <Text size="xs" c="dimmed" data-testid="board-time-note">
                {t('rank.historyNote', { time: new Date(atMs).toLocaleString() })}
              </Text>
            )}
          </Stack>
        )}
        <Group gap="xs" mb="xs" wrap="wrap">
          {contest.type === 1 && (
            <Badge variant="light" color="orange" data-testid="oi-score-type">
              {t(contest.oiRankScoreType === 'Highest' ? 'rank.scoredByHighest' : 'rank.scoredByRecent')}
            </Badge>
          )}
          {user && !isOutside && (
            <Text size="xs" c="dimmed">
              {t('rank.pinnedNote')}
            </Text>
          )}
        </Group>
        {contest.type === 1 ? (
          <OiBoardTable rows={rows as OiRow[]} {...tableProps} />
        ) : (
          <AcmBoardTable rows={rows as AcmRow[]} {...tableProps} />
        )}
        {page && rows.length === 0 && <EmptyListText py="lg">{t('rank.empty')}</EmptyListText>}
        <ListPager total={page?.total ?? 0} pageSize={limit} page={currentPage} onPage={setPage} />
      </Card>
    </Stack>
  );
};
