import { Anchor, Group, HoverCard, ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { StatusBadge } from '@/features/submissions/components/status-badge';
import { judgeStatus } from '@/features/submissions/judge-status';
import { acRate } from '@/features/submissions/measures';
import type { ProblemRow } from '@/lib/problem-schemas';
import type { ProblemStatusMap } from '../api/get-user-problem-status';
import { DifficultyBadge } from '@/components/difficulty-badge';
import { TagChip } from './tag-chip';
import { VerdictBreakdown } from './verdict-breakdown';

type Props = {
  rows: readonly ProblemRow[];
  /** Null for visitors: the status column shows for signed-in users only (spec 000 §2.3). */
  statuses: ProblemStatusMap | null;
  isTagColumnShown: boolean;
  onTagClick: (tagId: number) => void;
};

export const ProblemTable = ({ rows, statuses, isTagColumnShown, onTagClick }: Props) => {
  const { t } = useTranslation('problems');
  if (rows.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('list.empty')}
      </Text>
    );
  }
  return (
    <ScrollArea type="auto">
      <Table highlightOnHover miw={640} verticalSpacing="sm" data-testid="problem-table">
        <Table.Thead>
          <Table.Tr>
            {statuses && <Table.Th w={130}>{t('columns.status')}</Table.Th>}
            <Table.Th w={110}>{t('columns.problemId')}</Table.Th>
            <Table.Th>{t('columns.title')}</Table.Th>
            <Table.Th w={110}>{t('columns.difficulty')}</Table.Th>
            {isTagColumnShown && <Table.Th>{t('columns.tags')}</Table.Th>}
            <Table.Th w={100}>{t('columns.acRate')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const status = statuses?.[row.pid]?.status ?? judgeStatus.notSubmitted;
            return (
              <HoverCard key={row.pid} position="top" withArrow openDelay={150} shadow="md">
                <HoverCard.Target>
                  <Table.Tr data-testid="problem-row">
                    {statuses && (
                      <Table.Td>
                        {status !== judgeStatus.notSubmitted && <StatusBadge status={status} size="sm" />}
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Anchor component={Link} href={paths.problem(row.problemId)}>
                        {row.problemId}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} href={paths.problem(row.problemId)} c="dark">
                        {row.title}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <DifficultyBadge difficulty={row.difficulty} />
                    </Table.Td>
                    {isTagColumnShown && (
                      <Table.Td>
                        <Group gap={4}>
                          {row.tags.map((tag) => (
                            <TagChip key={tag.id} tag={tag} onClick={() => onTagClick(tag.id)} />
                          ))}
                        </Group>
                      </Table.Td>
                    )}
                    <Table.Td>{acRate(row.ac, row.total)}%</Table.Td>
                  </Table.Tr>
                </HoverCard.Target>
                <HoverCard.Dropdown>
                  <VerdictBreakdown counts={row} />
                </HoverCard.Dropdown>
              </HoverCard>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
};
