import { Anchor, Card, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/date-format';
import { useRemote } from '@/lib/use-remote';
import { getRecentProblems } from '../api/get-recent-problems';

/** Spec 000 §2.2: problemId, title and gmtModified; a click opens the problem page. */
export const RecentProblemsCard = () => {
  const { t } = useTranslation('home');
  const problems = useRemote(getRecentProblems, []);
  const rows = problems.data ?? [];
  return (
    <Card withBorder radius="md" padding="lg" data-testid="recent-problems">
      <Title order={4} mb="sm">
        {t('recentProblems.title')}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="md">
          {t('empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={280}>
          <Table verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('recentProblems.problemId')}</Table.Th>
                <Table.Th>{t('recentProblems.problemTitle')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('recentProblems.modified')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((problem) => (
                <Table.Tr key={problem.id}>
                  <Table.Td>{problem.problemId}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} href={paths.problem(problem.problemId)} size="sm">
                      {problem.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }} visibleFrom="sm">
                    {formatDateTime(problem.gmtModified)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
};
