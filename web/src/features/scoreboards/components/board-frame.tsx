import type { ReactNode } from 'react';
import { ScrollArea, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RankRow } from '../api/rank-schemas';
import { RankNumber, RankUserCell } from './rank-user-cell';

export type BoardTableProps<Row> = {
  rows: readonly Row[];
  displayIds: readonly string[];
  balloonColors: Readonly<Record<string, string | null | undefined>>;
  rankShowName: string | null | undefined;
  concerned: readonly string[];
  onToggleConcerned: (uid: string) => void;
  showRealname: boolean;
  /** The leading rows repeated from further down (the viewer's own row, followed users; reference §2.12). */
  pinnedCount: number;
};

type BoardFrameProps<Row extends RankRow> = BoardTableProps<Row> & {
  testId: string;
  problemColumnWidth: number;
  /** The board's own summary columns between the user and the problems (solved and penalty, or total score). */
  summaryHeaders: readonly { label: string; width: number }[];
  summaryCells: (row: Row) => ReactNode;
  problemCell: (row: Row, displayId: string) => ReactNode;
};

/** What the ACM and OI boards share: rank, user, balloon-coloured problem headers, one row per contestant. */
export function BoardFrame<Row extends RankRow>(props: BoardFrameProps<Row>) {
  const { t } = useTranslation('contests');
  const { rows, displayIds, balloonColors, summaryHeaders, problemColumnWidth } = props;
  const summaryWidth = summaryHeaders.reduce((sum, header) => sum + header.width, 0);
  return (
    <ScrollArea type="auto">
      <Table
        miw={200 + summaryWidth + displayIds.length * problemColumnWidth}
        withColumnBorders
        verticalSpacing={4}
        style={{ whiteSpace: 'nowrap' }}
        data-testid={props.testId}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56}>{t('rank.rank')}</Table.Th>
            <Table.Th miw={160}>{t('rank.user')}</Table.Th>
            {summaryHeaders.map((header) => (
              <Table.Th key={header.label} w={header.width}>
                {header.label}
              </Table.Th>
            ))}
            {displayIds.map((id) => (
              <Table.Th
                key={id}
                w={problemColumnWidth}
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
            <Table.Tr
              key={`${row.uid}-${index}`}
              bg={index < props.pinnedCount ? 'var(--mantine-color-blue-light)' : undefined}
              data-testid="board-row"
              data-username={row.username}
              data-pinned={index < props.pinnedCount || undefined}
            >
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
              {props.summaryCells(row)}
              {displayIds.map((id) => props.problemCell(row, id))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
