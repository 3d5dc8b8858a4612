import { Code, Modal, Stack, Table, Text, Title } from '@mantine/core';
import type { ProjectionRebuild, TableDiff } from '@oj/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/date-format';
import { differingTables } from '../rebuild-progress';

/** One example row; long values wrap inside the cell instead of widening the dialog. */
const RowJson = ({ row }: { row: Record<string, unknown> }) => (
  <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
    {JSON.stringify(row, null, 1)}
  </Code>
);

const TableDifferences = ({ diff }: { diff: TableDiff }) => {
  const { t } = useTranslation('adminProjections');
  return (
    <Stack gap={6} data-testid="report-table">
      <Title order={4} fz="md" ff="monospace">
        {diff.table}
      </Title>
      <Text size="sm">
        {t('report.counts', {
          oldRows: diff.oldRows,
          newRows: diff.newRows,
          onlyInOld: diff.onlyInOld,
          onlyInNew: diff.onlyInNew,
          changed: diff.changed,
        })}
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table withTableBorder verticalSpacing={4} fz="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('report.kind')}</Table.Th>
              <Table.Th>{t('report.old')}</Table.Th>
              <Table.Th>{t('report.new')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {diff.examples.map((example, index) => (
              <Table.Tr key={index}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="xs" fw={700} c={example.kind === 'changed' ? 'yellow.9' : 'red.8'}>
                    {t(`report.kinds.${example.kind}`)}
                  </Text>
                </Table.Td>
                <Table.Td>{example.old && <RowJson row={example.old} />}</Table.Td>
                <Table.Td>{example.new && <RowJson row={example.new} />}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
};

/** The end of a rebuild: the old rows equal the rebuilt ones, or what differs per table, with a few examples. */
export const RebuildReportDialog = ({
  rebuild,
  onClose,
}: {
  rebuild: ProjectionRebuild | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation('adminProjections');
  const report = rebuild?.report ?? null;
  const differing = report ? differingTables(report.tables) : [];
  return (
    <Modal
      opened={rebuild !== null}
      onClose={onClose}
      title={t('report.title', { name: rebuild?.projection })}
      size="xl"
    >
      {rebuild && (
        <Stack gap="sm" data-testid="rebuild-report">
          <Text size="sm" c="dimmed">
            {t('report.when', {
              finishedAt: rebuild.finishedAt ? formatDateTime(rebuild.finishedAt) : '—',
              events: rebuild.replayedEvents,
              position: rebuild.position,
            })}
          </Text>
          {rebuild.state === 'failed' && (
            <Text c="red" size="sm" data-testid="rebuild-report-error">
              {t('report.failed', { error: rebuild.error ?? '' })}
            </Text>
          )}
          {report?.identical && (
            <Text c="green.8" fw={600} data-testid="rebuild-report-verdict">
              {t('report.identical', { tables: report.tables.map((table) => table.table).join(', ') })}
            </Text>
          )}
          {report && !report.identical && (
            <Text c="red.8" fw={600} data-testid="rebuild-report-verdict">
              {t('report.differs', { count: differing.length })}
            </Text>
          )}
          {differing.map((diff) => (
            <TableDifferences key={diff.table} diff={diff} />
          ))}
        </Stack>
      )}
    </Modal>
  );
};
