import { Anchor, Box, Card, Group, Progress, ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { EmptyListText } from '@/components/empty-list-text';
import { useRemote } from '@/lib/use-remote';
import { StatusBadge } from '@/features/submissions/components/status-badge';
import { judgeStatus } from '@/features/submissions/judge-status';
import { getContestProblemStatus, getContestProblems, type ContestStatusMap } from '../api/contest-problems';
import { hasRealTimePermission, showsContainsEnd } from '../contest-rules';
import { contestProblemPath } from '../contest-tab-paths';
import type { ContestView } from './use-contest';

/** Spec 001 §2.3: the rate bar's colour steps at 20, 40, 60, 80 and 100 percent. */
const rateColor = (percent: number) =>
  percent >= 100
    ? 'green'
    : percent >= 80
      ? 'teal'
      : percent >= 60
        ? 'blue'
        : percent >= 40
          ? 'yellow'
          : percent >= 20
            ? 'orange'
            : 'red';

export const ContestProblemTable = ({ view }: { view: ContestView }) => {
  const { t } = useTranslation('contests');
  const containsEnd = showsContainsEnd(view.contest, view.nowMs);
  const problems = useRemote(() => getContestProblems(view.cid, containsEnd), [view.cid, containsEnd]);
  const pids = (problems.data ?? []).map((row) => row.pid);
  const statuses = useRemote(
    async (): Promise<ContestStatusMap> =>
      view.isSignedIn && pids.length > 0 ? getContestProblemStatus(view.cid, pids, containsEnd) : {},
    [view.cid, pids.join(','), view.isSignedIn, containsEnd],
  );
  const isRealTime = hasRealTimePermission(view.contest, view.nowMs, view.isAdmin);
  const rows = problems.data ?? [];
  return (
    <Card withBorder radius="md" padding="md">
      <ScrollArea type="auto">
        <Table
          highlightOnHover
          miw={{ base: 0, sm: 620 }}
          verticalSpacing="sm"
          style={{ whiteSpace: 'nowrap' }}
          data-testid="contest-problem-table"
        >
          <Table.Thead>
            <Table.Tr>
              {view.isSignedIn && <Table.Th>{t('problems.status')}</Table.Th>}
              <Table.Th w={70}>#</Table.Th>
              <Table.Th>{t('problems.title')}</Table.Th>
              <Table.Th w={60}>{t('problems.ac')}</Table.Th>
              <Table.Th w={60}>{t('problems.total')}</Table.Th>
              <Table.Th w={160} visibleFrom="sm">
                {t('problems.rate')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const status = statuses.data?.[row.pid]?.status ?? judgeStatus.notSubmitted;
              const ac = row.ac ?? 0;
              const total = row.total ?? 0;
              const percent = total === 0 ? 0 : (ac / total) * 100;
              const href = contestProblemPath(view.cid, row.displayId);
              return (
                <Table.Tr key={row.displayId} data-testid="contest-problem-row">
                  {view.isSignedIn && (
                    <Table.Td>
                      {status !== judgeStatus.notSubmitted && (
                        // A badge's own minimum width is its padding: the box keeps the verdict from being cut.
                        <Box w="max-content">
                          <StatusBadge status={status} size="sm" />
                        </Box>
                      )}
                    </Table.Td>
                  )}
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Box w={12} h={12} style={{ borderRadius: 6, background: row.color || '#ced4da' }} />
                      <Anchor component={Link} href={href}>
                        {row.displayId}
                      </Anchor>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} href={href} c="dark">
                      {row.displayTitle}
                    </Anchor>
                  </Table.Td>
                  <Table.Td data-testid="contest-problem-ac">{isRealTime ? ac : '?'}</Table.Td>
                  <Table.Td data-testid="contest-problem-total">{isRealTime ? total : '?'}</Table.Td>
                  <Table.Td visibleFrom="sm">
                    {isRealTime ? (
                      <Group gap={6} wrap="nowrap">
                        <Progress value={percent} color={rateColor(percent)} w={90} />
                        <Text size="xs">{percent.toFixed(2)}%</Text>
                      </Group>
                    ) : (
                      '?'
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {!problems.isLoading && rows.length === 0 && <EmptyListText py="lg">{t('problems.empty')}</EmptyListText>}
    </Card>
  );
};
