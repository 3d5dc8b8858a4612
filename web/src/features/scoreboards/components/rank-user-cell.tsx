import { ActionIcon, Anchor, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { HeartIcon } from '@/components/icons';
import { paths } from '@/config/paths';
import type { RankRow } from '../api/rank-schemas';
import { displayName } from '../scoreboard-cells';

type Props = {
  row: RankRow;
  rankShowName: string | null | undefined;
  isConcerned: boolean;
  onToggleConcerned: (uid: string) => void;
  showRealname: boolean;
};

/** The name cell: a link to the user's home, the school, and the heart that pins the row (concerned list). */
export const RankUserCell = ({ row, rankShowName, isConcerned, onToggleConcerned, showRealname }: Props) => {
  const { t } = useTranslation('contests');
  return (
    <Group gap={6} wrap="nowrap">
      <Tooltip label={t(isConcerned ? 'rank.unconcern' : 'rank.concern')}>
        <ActionIcon
          size="sm"
          variant="subtle"
          color={isConcerned ? 'red' : 'gray'}
          onClick={() => onToggleConcerned(row.uid)}
          aria-label={t(isConcerned ? 'rank.unconcern' : 'rank.concern')}
          data-testid="concern"
        >
          <HeartIcon size={14} filled={isConcerned} />
        </ActionIcon>
      </Tooltip>
      <Stack gap={0}>
        <Anchor component={Link} href={paths.userHome({ uid: row.uid, username: row.username })} size="sm" fw={600}>
          {displayName(row, rankShowName)}
        </Anchor>
        {(row.school || (showRealname && row.realname)) && (
          <Text size="xs" c="dimmed">
            {[showRealname ? row.realname : null, row.school].filter(Boolean).join(' · ')}
          </Text>
        )}
      </Stack>
    </Group>
  );
};

/** The rank number: '*' for star users (rank -1), the award colours for winners. */
export const RankNumber = ({ row }: { row: RankRow }) => (
  <Text
    size="sm"
    fw={700}
    ta="center"
    px={6}
    style={{
      borderRadius: 4,
      background: row.isWinAward ? (row.awardBackground ?? undefined) : undefined,
      color: row.isWinAward ? (row.awardColor ?? undefined) : undefined,
    }}
    title={row.isWinAward ? (row.awardName ?? undefined) : undefined}
    data-testid="rank-number"
  >
    {row.rank === -1 ? '*' : row.rank}
  </Text>
);
