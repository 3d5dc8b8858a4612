import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OiRow } from '../api/rank-schemas';
import { BoardFrame, type BoardTableProps } from './board-frame';

/** The OI board (reference §2.9): total score with its time, each problem's score and "(n ms)" for full marks. */
export const OiBoardTable = (props: BoardTableProps<OiRow>) => {
  const { t } = useTranslation('contests');
  return (
    <BoardFrame
      {...props}
      testId="oi-board"
      problemColumnWidth={90}
      summaryHeaders={[{ label: t('rank.totalScore'), width: 110 }]}
      summaryCells={(row) => (
        <Table.Td ta="center">
          <Text size="sm" fw={700}>
            {row.totalScore}
          </Text>
          {(row.totalTime ?? 0) > 0 && (
            <Text size="xs" c="dimmed">
              ({row.totalTime} ms)
            </Text>
          )}
        </Table.Td>
      )}
      problemCell={(row, id) => {
        const score = row.submissionInfo[id];
        const timeMs = row.timeInfo?.[id];
        return (
          <Table.Td key={id} ta="center" data-testid={`cell-${id}`} bg={timeMs !== undefined ? 'green.1' : undefined}>
            {score !== undefined && <Text size="sm">{score ?? 0}</Text>}
            {timeMs !== undefined && (
              <Text size="xs" c="dimmed">
                ({timeMs} ms)
              </Text>
            )}
          </Table.Td>
        );
      }}
    />
  );
};
