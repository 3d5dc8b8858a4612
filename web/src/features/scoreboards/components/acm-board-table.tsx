import { ScrollArea, Table, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AcmRow } from '../api/rank-schemas';
import { acmCellColors, acmCellView, penaltyClock } from '../scoreboard-cells';
import { RankNumber, RankUserCell } from './rank-user-cell';

export type BoardTableProps<Row> = {
  rows: readonly Row[];
  displayIds: readonly string[];
  balloonColors: Readonly<Record<string, string | null | undefined>>;
  rankShowName: string | null | undefined;
  concerned: readonly string[];
  onToggleConcerned: (uid: string) => void;
  showRealname: boolean;
};

/** The ACM board (reference §2.7): solved, penalty minutes, then one cell per problem. */
export const AcmBoardTable = (props: BoardTableProps<AcmRow>) => {
  const { t } = useTranslation('contests');
  const { rows, displayIds, balloonColors } = props;
  return (
    <ScrollArea type="auto">
      <Table miw={360 + displayIds.length * 80} withColumnBorders verticalSpacing={4} data-testid="acm-board">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56}>{t('rank.rank')}</Table.Th>
            <Table.Th miw={160}>{t('rank.user')}</Table.Th>
            <Table.Th w={80}>{t('rank.solved')}</Table.Th>
            <Table.Th w={80}>{t('rank.penalty')}</Table.Th>
            {displayIds.map((id) => (
              <Table.Th
                key={id}
                w={80}
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
              <Table.Td ta="center" data-testid="board-solved">
                {row.ac}
              </Table.Td>
              <Table.Td ta="center" data-testid="board-penalty">
                <Tooltip label={penaltyClock(row.totalTime)}>
                  <Text size="sm">{Math.floor(row.totalTime / 60)}</Text>
                </Tooltip>
              </Table.Td>
              {displayIds.map((id) => {
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
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
};
