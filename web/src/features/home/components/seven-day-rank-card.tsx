import { Card, ScrollArea, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRemote } from '@/lib/use-remote';
import { UserCell } from '@/components/user-cell';
import { getSevenDayAcRank } from '../api/get-seven-day-ac-rank';

/** Spec 000 §2.2: the 7-day AC rank, a table at most 500 px tall. */
export const SevenDayRankCard = () => {
  const { t } = useTranslation('home');
  const rank = useRemote(getSevenDayAcRank, []);
  const rows = rank.data ?? [];
  return (
    <Card withBorder radius="md" padding="lg" data-testid="seven-day-rank">
      <Title order={4} mb="sm">
        {t('sevenDayRank.title')}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="md">
          {t('empty')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={500}>
          <Table verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>#</Table.Th>
                <Table.Th>{t('sevenDayRank.user')}</Table.Th>
                <Table.Th ta="right">AC</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => (
                <Table.Tr key={row.uid}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>
                    <UserCell user={row} />
                  </Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {row.ac}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Card>
  );
};
