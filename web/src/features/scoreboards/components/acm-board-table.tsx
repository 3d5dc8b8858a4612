import { Table, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AcmRow } from '../api/rank-schemas';
import { acmCellColors, acmCellView, penaltyClock } from '../scoreboard-cells';
import { BoardFrame, type BoardTableProps } from './board-frame';

/** The ACM board (reference §2.7): solved, penalty minutes, then one cell per problem. */
export const AcmBoardTable = (props: BoardTableProps<AcmRow>) => {
  const { t } = useTranslation('contests');
  return (
    <BoardFrame
      {...props}
      testId="acm-board"
      problemColumnWidth={80}
      summaryHeaders={[
        { label: t('rank.solved'), width: 80 },
        { label: t('rank.penalty'), width: 80 },
      ]}
      summaryCells={(row) => (
        <>
          <Table.Td ta="center" data-testid="board-solved">
            {row.ac}
          </Table.Td>
          <Table.Td ta="center" data-testid="board-penalty">
            <Tooltip label={penaltyClock(row.totalTime)}>
              <Text size="sm">{Math.floor(row.totalTime / 60)}</Text>
            </Tooltip>
          </Table.Td>
        </>
      )}
      problemCell={(row, id) => {
        const view = acmCellView(row.submissionInfo[id]);
        const colors = acmCellColors[view.kind];
        return (
          <Table.Td
            key={id}
            ta="center"
            style={{ background: colors.background, color: colors.color }}
            data-testid={`cell-${id}`}
            data-kind={view.kind}
          >
            {view.minutes !== null && (
              <Text size="sm" fw={700} inherit>
                {view.minutes}
              </Text>
            )}
            {view.tries && (
              <Text size="xs" inherit>
                {t(view.tries.count === 1 ? 'rank.try' : 'rank.tries', { label: view.tries.label })}
              </Text>
            )}
          </Table.Td>
        );
      }}
    />
  );
};
