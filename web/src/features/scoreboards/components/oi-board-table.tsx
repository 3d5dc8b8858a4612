import { ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OiRow } from '../api/rank-schemas';
import type { BoardTableProps } from './acm-board-table';
import { RankNumber, RankUserCell } from './rank-user-cell';

/** The OI board (reference §2.9): total score with its time, each problem's score and "(n ms)" for full marks. */
export const OiBoardTable = (props: BoardTableProps<OiRow>) => {
  const { t } = useTranslation('contests');
  const { rows, displayIds, balloonColors } = props;
  return (
    <ScrollArea type="auto">
      <Table miw={320 + displayIds.length * 90} withColumnBorders verticalSpacing={4} data-testid="oi-board">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56}>{t('rank.rank')}</Table.Th>
            <Table.Th miw={160}>{t('rank.user')}</Table.Th>
            <Table.Th w={110}>{t('rank.totalScore')}</Table.Th>
            {displayIds.map((id) => (
              <Table.Th
                key={id}
                w={90}
                ta="center"
                style={{ borderTop: `4px solid ${balloonColors[id] || 'transparent'}` }}
              >
                {id}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={`${row.uid}-${index}`} data-testid="board-row" data-username={row.username}>
              <Table.Td>
                <RankNumber row={row} />
              </Table.Td>
              <Table.Td>
                <RankUserCell
                  row={row}
                  rankShowName={props.rankShowName}
                  isConcerned={props.concerned.includes(row.uid)}
                  onToggleConcerned={props.onToggleConcerned}
                  showRealname={props.showRealname}
                />
              </Table.Td>
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
              {displayIds.map((id) => {
                const score = row.submissionInfo[id];
                const timeMs = row.timeInfo?.[id];
                return (
                  <Table.Td
                    key={id}
                    ta="center"
                    data-testid={`cell-${id}`}
                    bg={timeMs !== undefined ? 'green.1' : undefined}
                  >
                    {score !== undefined && <Text size="sm">{score ?? 0}</Text>}
                    {timeMs !== undefined && (
                      <Text size="xs" c="dimmed">
                        ({timeMs} ms)
                      </Text>
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
};
